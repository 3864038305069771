export * from './users';
export * from './sessions';
export * from './codes';
export * from './mail';
export * from './events';
export * from './campaigns';
export * from './media';
export * from './review';
