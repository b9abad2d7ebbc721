import type { MessageModule } from '@arena/contracts/messaging';
import { MessageCircle } from 'lucide-react';
import { Button } from '../../components/Button';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useMessagingActions } from './api';

/**
 * "Open in WhatsApp" for one person (zero setup): the API renders the template (or text) for them,
 * logs it as sent by hand, and the desk's WhatsApp opens with the text filled in.
 */
export function MessageAction({
  module,
  recipient,
  template,
  text,
  label = 'Open in WhatsApp',
  onOpened,
}: {
  module: MessageModule;
  recipient: { kind: 'member' | 'client'; id: number; name: string };
  template?: number;
  text?: string;
  label?: string;
  /** After WhatsApp opened (a dialog closes). */
  onOpened?: () => void;
}) {
  const { whatsappLink } = useMessagingActions();
  return (
    <Button
      size="sm"
      variant="ghost"
      aria-label={`${label}: ${recipient.name}`}
      disabled={whatsappLink.isPending}
      onClick={() =>
        void whatsappLink
          .mutateAsync({ module, template: template ?? null, text, recipient: { kind: recipient.kind, id: recipient.id } })
          .then((r) => {
            window.open(r.link, '_blank', 'noopener');
            onOpened?.();
          })
          .catch((e: unknown) => notify.error(errorMessage(e)))
      }
    >
      <MessageCircle size={15} aria-hidden /> {label}
    </Button>
  );
}
