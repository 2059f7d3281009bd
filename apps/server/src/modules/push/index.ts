export { registerPushRoutes } from './push.routes';
export { createPushSender, type PushSender, resealVapidKey } from './push.service';
