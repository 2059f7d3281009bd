export { PushNotificationsCard } from './components/push-notifications-card';
