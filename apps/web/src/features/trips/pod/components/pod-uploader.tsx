import { COMPRESS_ABOVE_BYTES, MAX_POD_FILES } from '@bhada/contracts/trips/pod';
import { ActionIcon, Alert, Button, Card, Group, Image, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCamera, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import imageCompression from 'browser-image-compression';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../lib/http.ts';
import { toast } from '../../../../lib/notify.ts';
import { putFile } from '../../../../lib/upload.ts';
import { usePodDetails } from '../api/get-pod-details.ts';
import { useSubmitPod } from '../api/submit-pod.ts';
import { confirmUpload, getUploadUrl, removeUpload } from '../api/upload-document.ts';
import { dropPending, listPending, type PendingPhoto, savePending } from '../lib/pending-photos.ts';

/** spec §4: POD images per trip — added with a not-uploaded flag, then marked uploaded, removable by index. */
type Photo = {
  id: string;
  name: string;
  preview: string;
  progress: number;
  resourceKey?: string;
  uploaded: boolean;
  error?: string;
  /** kept on the phone, waiting for the network (ADR 144) */
  waiting?: boolean;
};

const isOffline = (err: unknown) =>
  (isApiError(err) && err.status === 0) ||
  (err instanceof Error && err.message === 'network error') ||
  (typeof navigator !== 'undefined' && navigator.onLine === false);

/** spec §9: reload 2 s after "POD uploaded successfully" */
const POD_RELOAD_MS = 2000;

export function PodUploader({ tripId, demandId }: { tripId: string; demandId: string; state: string }) {
  const { t } = useTranslation('pod');
  const input = useRef<HTMLInputElement>(null);
  const [photos, setPhotos] = useState<Photo[]>([]);
  const details = usePodDetails(tripId);
  const submit = useSubmitPod();
  const queryClient = useQueryClient();
  const patch = (id: string, change: Partial<Photo>) => setPhotos((list) => list.map((p) => (p.id === id ? { ...p, ...change } : p)));

  // one upload per photo at a time; its id is the server's clientKey, so a retry is the same file
  const inFlight = useRef(new Set<string>());
  const upload = useCallback(
    async (p: PendingPhoto) => {
      if (inFlight.current.has(p.id)) return;
      inFlight.current.add(p.id);
      setPhotos((list) => list.map((x) => (x.id === p.id ? { ...x, error: undefined, waiting: false } : x)));
      try {
        const target = await getUploadUrl({ tripId, fileName: p.name, docType: 'POD', clientKey: p.id });
        if (!target.alreadyUploaded) {
          await putFile(target.url, p.blob, target.contentType, (progress) =>
            setPhotos((list) => list.map((x) => (x.id === p.id ? { ...x, progress } : x))),
          );
        }
        await confirmUpload({ tripId, resourceKey: target.imgResourceKey });
        setPhotos((list) =>
          list.map((x) => (x.id === p.id ? { ...x, resourceKey: target.imgResourceKey, uploaded: true, progress: 100 } : x)),
        );
        await dropPending(p.id).catch(() => undefined);
      } catch (err) {
        setPhotos((list) =>
          list.map((x) =>
            x.id === p.id
              ? isOffline(err)
                ? { ...x, waiting: true, progress: 0 }
                : { ...x, error: isApiError(err) ? err.message : t('uploadFailed') }
              : x,
          ),
        );
      } finally {
        inFlight.current.delete(p.id);
      }
    },
    [tripId, t],
  );

  // photos left on the phone by an earlier visit, and every waiting photo when the network returns
  useEffect(() => {
    let alive = true;
    const resume = async () => {
      const pending = await listPending(tripId).catch(() => [] as PendingPhoto[]);
      if (!alive) return;
      setPhotos((list) => {
        const known = new Set(list.map((x) => x.id));
        const fresh = pending
          .filter((p) => !known.has(p.id))
          .map((p) => ({ id: p.id, name: p.name, preview: URL.createObjectURL(p.blob), progress: 0, uploaded: false, waiting: true }));
        return fresh.length ? [...list, ...fresh] : list;
      });
      for (const p of pending) void upload(p);
    };
    void resume();
    window.addEventListener('online', resume);
    return () => {
      alive = false;
      window.removeEventListener('online', resume);
    };
  }, [tripId, upload]);

  const addFiles = async (files: FileList | null) => {
    for (const original of Array.from(files ?? []).slice(0, MAX_POD_FILES - photos.length)) {
      const id = crypto.randomUUID();
      setPhotos((list) => [...list, { id, name: original.name, preview: URL.createObjectURL(original), progress: 0, uploaded: false }]);
      try {
        // camera photos are often 4–8 MB: shrink them before they cross a phone network
        const file =
          original.type.startsWith('image/') && original.type !== 'image/heic' && original.size > COMPRESS_ABOVE_BYTES
            ? await imageCompression(original, { maxSizeMB: 1, maxWidthOrHeight: 2000, useWebWorker: true })
            : original;
        const safeName = /\.[A-Za-z0-9]+$/.test(original.name)
          ? original.name.replace(/[^\w. ()-]/g, '_')
          : `${original.name || 'photo'}.jpg`;
        const pending: PendingPhoto = { id, tripId, name: safeName, type: file.type, blob: file, createdAt: Date.now() };
        // kept on the phone first: a dropped connection or a closed tab does not lose the photo
        await savePending(pending).catch(() => undefined);
        await upload(pending);
      } catch (err) {
        patch(id, { error: isApiError(err) ? err.message : t('uploadFailed') });
      }
    }
  };

  const removeAt = (index: number) => {
    const photo = photos[index];
    if (photo?.resourceKey) void removeUpload({ tripId, resourceKey: photo.resourceKey }).catch(() => undefined);
    if (photo) void dropPending(photo.id).catch(() => undefined);
    setPhotos((list) => list.filter((_, i) => i !== index));
  };

  const ready = photos.filter((p) => p.uploaded && p.resourceKey);
  const busy = photos.some((p) => !p.uploaded && !p.error);
  const waiting = photos.filter((p) => p.waiting).length;

  return (
    <Card withBorder radius="md" padding="sm">
      <Stack gap="sm">
        <Title order={5}>{t('title')}</Title>
        {details.data?.rejectReason ? <Alert color="red">{t('rejected', { reason: details.data.rejectReason })}</Alert> : null}
        <Text size="sm" c="dimmed">
          {t('help')}
        </Text>
        <input
          ref={input}
          type="file"
          accept="image/*,application/pdf"
          capture="environment"
          multiple
          hidden
          data-testid="pod-input"
          onChange={(e) => {
            void addFiles(e.currentTarget.files);
            e.currentTarget.value = '';
          }}
        />
        <Button
          leftSection={<IconCamera size={18} />}
          variant="light"
          onClick={() => input.current?.click()}
          disabled={photos.length >= MAX_POD_FILES}
        >
          {t('add')}
        </Button>
        <SimpleGrid cols={2} spacing="xs">
          {photos.map((p, index) => (
            <Card key={p.id} withBorder padding={4} radius="sm">
              <Image src={p.preview} alt={p.name} h={90} fit="cover" radius="sm" fallbackSrc="data:image/gif;base64,R0lGODlhAQABAAAAACw=" />
              <Progress
                value={p.progress}
                size="sm"
                mt={4}
                color={p.error ? 'red' : p.uploaded ? 'teal' : 'blue'}
                aria-label={t('progress', { name: p.name })}
              />
              <Group justify="space-between" wrap="nowrap" gap={2}>
                <Text size="xs" c={p.error ? 'red' : 'dimmed'} truncate>
                  {p.error ?? (p.uploaded ? t('uploaded') : p.waiting ? t('waiting') : `${p.progress}%`)}
                </Text>
                <ActionIcon size="sm" variant="subtle" color="red" aria-label={t('remove')} onClick={() => removeAt(index)}>
                  <IconTrash size={14} />
                </ActionIcon>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
        {waiting ? (
          <Alert color="orange" role="status" data-testid="pod-waiting">
            {t('offline', { count: waiting })}
          </Alert>
        ) : null}
        {submit.error ? <Alert color="red">{isApiError(submit.error) ? submit.error.message : t('uploadFailed')}</Alert> : null}
        <Button
          disabled={!ready.length || busy}
          loading={submit.isPending}
          onClick={() =>
            submit.mutate(
              { tripId, demandId, podResourceKeys: ready.map((p) => p.resourceKey as string) },
              {
                onSuccess: () => {
                  toast({ msg: t('submitted'), timeout: POD_RELOAD_MS });
                  setTimeout(() => void queryClient.invalidateQueries(), POD_RELOAD_MS);
                },
              },
            )
          }
        >
          {ready.length ? t('submit', { count: ready.length }) : t('submitNone')}
        </Button>
      </Stack>
    </Card>
  );
}
