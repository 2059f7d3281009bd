export { SettingsTab as default } from './components/settings-tab';
