import { RoomsTab } from './components/rooms-tab';

/** /admin?tab=rooms */
export default RoomsTab;
