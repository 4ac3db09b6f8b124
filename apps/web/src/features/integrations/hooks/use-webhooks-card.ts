import { useState } from 'react';
import type { WebhookDelivery, WebhookSubscription, WebhookSubscriptionInput } from '@pc/contracts';
import { errorMessage } from '../../../lib/api-error';
import { addToast } from '../../../lib/toast';
import {
  createWebhook,
  deleteWebhook,
  redeliver,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from '../api/webhooks-api';
import type { WebhookAction } from '../components/webhooks-table';

/** The webhooks card's state and what its buttons do: add, edit, delete, test, rotate the secret, redeliver. */
export function useWebhooksCard(publisherId: string) {
  const { data, error, mutate } = useWebhooks(publisherId);
  const [form, setForm] = useState<{ editing: WebhookSubscription | null } | null>(null);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WebhookSubscription | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const deliveries = useWebhookDeliveries(publisherId, selectedId);
  const selected = data?.subscriptions.find((s) => s.id === selectedId) ?? null;

  const run = async (id: string, work: () => Promise<void>) => {
    setBusyId(id);
    try {
      await work();
    } catch (e) {
      addToast('error', errorMessage(e));
    } finally {
      setBusyId(null);
    }
  };

  const onAction = (action: WebhookAction, w: WebhookSubscription) => {
    if (action === 'deliveries') setSelectedId(w.id);
    if (action === 'edit') setForm({ editing: w });
    if (action === 'delete') setDeleting(w);
    if (action === 'test')
      void run(w.id, async () => {
        await sendTestEvent(publisherId, w.id);
        setSelectedId(w.id);
        addToast('success', `Test event queued for "${w.name}": its delivery appears in the log below.`);
        await Promise.all([mutate(), deliveries.mutate()]);
      });
    if (action === 'rotate')
      void run(w.id, async () => {
        const r = await rotateWebhookSecret(publisherId, w.id);
        setSecret({ name: r.subscription.name, secret: r.secret });
        await mutate();
      });
  };

  const submit = async (input: WebhookSubscriptionInput) => {
    if (form?.editing) {
      await updateWebhook(publisherId, form.editing.id, input);
      addToast('success', `Webhook "${input.name}" saved.`);
    } else {
      const created = await createWebhook(publisherId, input);
      setSecret({ name: created.subscription.name, secret: created.secret });
      setSelectedId(created.subscription.id);
    }
    setForm(null);
    await mutate();
  };

  const remove = async () => {
    if (!deleting) return;
    await run(deleting.id, async () => {
      await deleteWebhook(publisherId, deleting.id);
      addToast('success', `Webhook "${deleting.name}" deleted: nothing more is sent to it.`);
      if (selectedId === deleting.id) setSelectedId(null);
      await mutate();
    });
    setDeleting(null);
  };

  const onRedeliver = (d: WebhookDelivery) => {
    if (!selected) return;
    void run(d.id, async () => {
      await redeliver(publisherId, selected.id, d.id);
      addToast('success', `${d.event} sent again as a new delivery.`);
      await deliveries.mutate();
    });
  };

  const state = { data, error, mutate, deliveries, selected, selectedId, busyId, form, secret, deleting };
  return { ...state, setForm, setSecret, setDeleting, onAction, submit, remove, onRedeliver };
}
