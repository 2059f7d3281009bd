export { CampaignsTab as default } from './components/campaigns-tab';
