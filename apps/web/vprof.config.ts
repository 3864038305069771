import base from './vitest.config';
import { mergeConfig } from 'vitest/config';
export default mergeConfig(base, { test: { pool: 'forks', execArgv: ['--cpu-prof', '--cpu-prof-dir=/tmp/prof4'] } });
