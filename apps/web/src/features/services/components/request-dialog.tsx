import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { TrackingEvents, type ServiceId, type ServiceRequestKind } from '@pc/contracts';
import { addToast } from '../../../lib/toast';
import { track } from '../../../lib/tracking/track';
import { requestService } from '../api/services-api';

/** Product demo or data-source request: saved for staff and mailed to them; tracked with the spec's events. */
export function RequestDialog({
  publisherId,
  kind,
  serviceId,
  opened,
  onClose,
}: {
  publisherId: string;
  kind: ServiceRequestKind;
  serviceId?: ServiceId;
  opened: boolean;
  onClose: () => void;
}) {
  const [message, setMessage] = useState('');
  const [dataSource, setDataSource] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const demo = kind === 'product_demo';
  const submit = async () => {
    setBusy(true);
    setErrors({});
    try {
      await requestService(publisherId, { kind, serviceId, dataSource, message });
      track(demo ? TrackingEvents.productDemo : TrackingEvents.dataSourceRequest, {
        publisher_id: publisherId,
        service_id: serviceId ?? null,
        ...(demo ? {} : { data_source: dataSource }),
      });
      addToast('success', demo ? 'Demo requested: our team will contact you to find a time.' : 'Request sent: our team will contact you.');
      setMessage('');
      setDataSource('');
      onClose();
    } catch (e) {
      const err = e as Error & { fields?: Record<string, string> };
      setErrors(err.fields ?? { message: err.message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={demo ? 'Request a product demo' : 'Request a data source'}>
      <Stack>
        {!demo && (
          <TextInput
            label="Data source"
            description="The tool whose data you want next to your revenue, e.g. Google Analytics 4 or your CMS."
            value={dataSource}
            onChange={(e) => setDataSource(e.currentTarget.value)}
            error={errors.dataSource}
            required
          />
        )}
        <Textarea
          label="Message (optional)"
          description={demo ? 'When suits you, and what you would like to see.' : 'Anything our team should know.'}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          error={errors.message}
          autosize
          minRows={3}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={busy} onClick={() => void submit()}>
            Send request
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
