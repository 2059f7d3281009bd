export { useAdminAccessCheck } from './api/get-admin-access-check';
export { usePendingPrizes } from './api/get-pending-prizes';
export { DiagnosticsButton } from './components/diagnostics-dialog';
