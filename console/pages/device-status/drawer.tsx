// A device's detail drawer from the monitoring cards: what the device is, all its live readings (read
// again while open), its recent alarms (for a user who may see alarms) and its related cameras, each
// played live on request.
import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listAlarms } from '../../../shared/api/alarm.ts';
import type { Alarm } from '../../../shared/api/alarm-types.ts';
import type { Device } from '../../../shared/api/device-types.ts';
import { deviceReadings } from '../../../shared/api/point.ts';
import type { PointValue } from '../../../shared/api/point-types.ts';
import { relatedCameras } from '../../../shared/api/relation.ts';
import type { RelatedCamera } from '../../../shared/api/relation-types.ts';
import { dateTimeText, timeText } from '../../../shared/forms/date-text.ts';
import { http } from '../../../shared/http/index.ts';
import { hasMenu } from '../../../shared/session/index.ts';
import { buttonGhost } from '../../../shared/theme/base.css.ts';
import { ChunkFailed, useElementChunk } from '../../errors/element-chunk.tsx';
import { CameraPlayer, loadPlayer } from '../../resource/camera-player.tsx';
import * as kit from '../../resource/resource.css.ts';
import { usePoll } from '../../resource/use-poll.ts';
import { Icon } from '../../shell/icons.tsx';
import * as layout from '../../shell/layout.css.ts';
import * as themeCss from '../../shell/theme-settings.css.ts';
import { READINGS_EVERY_MS, readingText } from './readings.ts';
import * as css from './device-status.css.ts';

const RECENT_ALARMS = 5;

export function DeviceDrawer({ device, onClose }: { device: Device; onClose: () => void }) {
  const { t } = useTranslation();
  const [readings, setReadings] = useState<PointValue[] | null>(null);
  const [alarms, setAlarms] = useState<Alarm[] | null>(null);
  const [cameras, setCameras] = useState<RelatedCamera[] | null>(null);
  const [playing, setPlaying] = useState<number | null>(null);
  const seesAlarms = hasMenu('alarmSearch');
  const chunk = useElementChunk(loadPlayer, playing !== null);

  const read = useCallback((signal: AbortSignal) => deviceReadings(http, [device.id], { signal }).then((rows) => setReadings(rows[0]?.readings ?? []), () => undefined), [device.id]);
  usePoll(read, READINGS_EVERY_MS, device.id);

  useEffect(() => {
    const abort = new AbortController();
    if (seesAlarms) listAlarms(http, { deviceCode: device.code, page: 1, limit: RECENT_ALARMS }, { signal: abort.signal }).then((p) => setAlarms(p.rows), () => setAlarms([]));
    relatedCameras(http, device.code).then(setCameras, () => setCameras([]));
    return () => abort.abort();
  }, [device.code, seesAlarms]);

  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && onClose()}>
      <Portal>
        <Dialog.Backdrop className={layout.drawerBackdrop} />
        <Dialog.Positioner className={themeCss.drawerPositioner}>
          <Dialog.Content className={css.drawer} data-testid="device-drawer">
            <div className={css.drawerHead}>
              <Dialog.Title className={kit.dialogTitle}>{device.name}</Dialog.Title>
              <Dialog.CloseTrigger className={layout.iconButton} aria-label={t('common.close')}>
                <Icon name="close" />
              </Dialog.CloseTrigger>
            </div>

            <section className={css.section} aria-labelledby="drawer-info">
              <h3 id="drawer-info" className={css.sectionTitle}>
                {t('devcard.detail.info')}
              </h3>
              <dl className={css.info}>
                <dt>{t('devcard.detail.code')}</dt>
                <dd style={{ margin: 0 }}>{device.code}</dd>
                <dt>{t('devcard.status')}</dt>
                <dd style={{ margin: 0 }} data-part="status">
                  {t(`status.device.${device.status}`)}
                  {device.statusAt ? ` · ${t('devcard.detail.since')} ${dateTimeText(device.statusAt)}` : ''}
                </dd>
                <dt>{t('devcard.detail.model')}</dt>
                <dd style={{ margin: 0 }}>{device.modelName || '—'}</dd>
                <dt>{t('devcard.detail.area')}</dt>
                <dd style={{ margin: 0 }}>{device.areaName || '—'}</dd>
                <dt>{t('devcard.detail.gateway')}</dt>
                <dd style={{ margin: 0 }}>{device.gatewayName || '—'}</dd>
              </dl>
            </section>

            <section className={css.section} aria-labelledby="drawer-readings">
              <h3 id="drawer-readings" className={css.sectionTitle}>
                {t('devcard.detail.readings')}
              </h3>
              {readings === null ? (
                <p className={kit.muted}>{t('common.loading')}</p>
              ) : readings.length === 0 ? (
                <p className={kit.muted}>{t(device.modelId ? 'device.cards.noReadings' : 'device.cards.noModel')}</p>
              ) : (
                <dl className={css.info} data-part="readings">
                  {readings.map((p) => (
                    <div key={p.code} style={{ display: 'contents' }}>
                      <dt className={css.readingName}>{p.name}</dt>
                      <dd className={css.readingValue} style={{ textAlign: 'left' }} data-reading={p.code}>
                        {readingText(p, t)}
                        {p.at ? <span className={kit.muted}> · {t('devcard.detail.at', { time: timeText(p.at) })}</span> : null}
                      </dd>
                    </div>
                  ))}
                </dl>
              )}
            </section>

            <section className={css.section} aria-labelledby="drawer-alarms">
              <h3 id="drawer-alarms" className={css.sectionTitle}>
                {t('devcard.detail.alarms')}
              </h3>
              {!seesAlarms ? (
                <p className={kit.muted}>{t('devcard.detail.noAlarmRight')}</p>
              ) : alarms === null ? (
                <p className={kit.muted}>{t('common.loading')}</p>
              ) : alarms.length === 0 ? (
                <p className={kit.muted}>{t('devcard.detail.noAlarms')}</p>
              ) : (
                <ul className={kit.list} data-part="alarms">
                  {alarms.map((a) => (
                    <li key={a.id} data-alarm-id={a.id} style={{ padding: '2px 0' }}>
                      <span className={kit.badge}>{t(`status.alarmLevel.${a.level}`)}</span> {a.content} <span className={kit.muted}>{a.time}</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>

            <section className={css.section} aria-labelledby="drawer-cameras">
              <h3 id="drawer-cameras" className={css.sectionTitle}>
                {t('devcard.detail.cameras')}
              </h3>
              {cameras === null ? (
                <p className={kit.muted}>{t('common.loading')}</p>
              ) : cameras.length === 0 ? (
                <p className={kit.muted}>{t('devcard.detail.noCameras')}</p>
              ) : (
                <ul className={kit.list} data-part="cameras">
                  {cameras.map((c) => (
                    <li key={c.cameraId} data-camera-id={c.cameraId} style={{ display: 'flex', flexDirection: 'column', gap: 4, padding: '4px 0' }}>
                      <span style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                        <span style={{ flex: 1 }}>{c.name ? `${c.cameraName} · ${c.name}` : c.cameraName}</span>
                        <button type="button" className={buttonGhost} aria-pressed={playing === c.cameraId} onClick={() => setPlaying(playing === c.cameraId ? null : c.cameraId)}>
                          {t(playing === c.cameraId ? 'devcard.detail.stop' : 'devcard.detail.play')}
                        </button>
                      </span>
                      {playing === c.cameraId ? chunk.failed ? <ChunkFailed chunk={chunk} /> : chunk.ready ? <CameraPlayer cameraId={c.cameraId} /> : null : null}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
