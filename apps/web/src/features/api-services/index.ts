export { ApiServicesScreen } from './components/api-services-screen';
