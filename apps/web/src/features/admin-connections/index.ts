export { ConnectionsTab as default } from './components/connections-tab';
