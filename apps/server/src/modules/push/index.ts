export { registerPushRoutes } from './push.routes';
export { createPushSender, type PushSender } from './push.service';
