export * from './common/common.schemas';
export * from './auth/auth.schemas';
export * from './account/account.schemas';
export * from './settings/settings.schemas';
