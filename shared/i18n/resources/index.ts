// The static list of domain files: adding a domain is one line here (`export { default as x } from './x.ts';`).
// Nothing else may be exported from this file, because ../catalog.ts merges every export of it.
export { default as admin } from './admin.ts';
export { default as alarm } from './alarm.ts';
export { default as common } from './common.ts';
export { default as date } from './date.ts';
export { default as device } from './device.ts';
export { default as http } from './http.ts';
export { default as login } from './login.ts';
export { default as media } from './media.ts';
export { default as progress } from './progress.ts';
export { default as scada } from './scada.ts';
export { default as shell } from './shell.ts';
export { default as status } from './status.ts';
export { default as tasks } from './tasks.ts';
export { default as validate } from './validate.ts';
export { default as video } from './video.ts';
export { default as wall } from './wall.ts';
