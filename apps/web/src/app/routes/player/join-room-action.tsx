import type { Room } from '@sorteio/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Ticket } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { dashboardKeys } from '@/features/dashboard/api/get-dashboard';
import { historyKeys } from '@/features/history/api/get-history';
import { profileQueryOptions } from '@/features/profile/api/get-profile';
import { missingVerificationFields } from '@/features/profile/lib/verification-requirements';
import { JoinDialog } from '@/features/rooms/components/join-dialog';
import { statsKeys } from '@/features/stats/api/get-stats';
import { walletQueryOptions } from '@/features/wallet/api/get-wallet';
import { walletKeys } from '@/features/wallet/api/wallet-keys';

/**
 * 'Participar Agora' and the join dialog, with what the dialog needs from other features: the
 * verification flag and the fields it needs (profile) and both balances (wallet). Both are read
 * when the dialog opens.
 */
export function JoinRoomAction({ room }: { room: Room }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  // Read fresh each time: the person may have just verified or topped up in another tab.
  const profile = useQuery({ ...profileQueryOptions(), enabled: open, staleTime: 0 });
  const wallet = useQuery({ ...walletQueryOptions(), enabled: open, staleTime: 0 });

  return (
    <>
      <Button
        size="lg"
        className="w-full sm:w-fit"
        onClick={() => {
          setOpen(true);
        }}
      >
        <Ticket aria-hidden="true" />
        Participar Agora
      </Button>
      <JoinDialog
        room={room}
        open={open}
        onOpenChange={setOpen}
        isVerified={profile.data?.isVerified}
        verificationError={profile.error}
        retryVerification={() => void profile.refetch()}
        missingProfileFields={profile.data ? missingVerificationFields(profile.data) : []}
        balances={wallet.data}
        balanceError={wallet.error}
        onJoined={() => {
          // A seat paid from the balance moves money and counts at once.
          for (const queryKey of [
            walletKeys.all,
            dashboardKeys.all,
            historyKeys.all,
            statsKeys.all,
          ]) {
            void queryClient.invalidateQueries({ queryKey });
          }
        }}
      />
    </>
  );
}
