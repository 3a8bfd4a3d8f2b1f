// Thin bridge from the device list engine (shared/devices) to the view: one engine per element,
// started while someone is signed in, with the host's area-id handed through.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import { http } from '../../shared/http/index.ts';
import { DeviceListStore, type DeviceListState } from '../../shared/devices/device-list-store.ts';
import { pageStatusFeed } from '../../shared/devices/page-feed.ts';
import { session } from '../../shared/session/store.ts';

export interface DeviceListBridge {
  store: DeviceListStore;
  state: DeviceListState;
  signedIn: boolean;
}

export function useDeviceList(areaId: string | undefined): DeviceListBridge {
  const [store] = useState(() => new DeviceListStore({ client: http, feed: pageStatusFeed() }));
  const { token, username } = useSnapshot(session);
  // A token refresh keeps the list; a different user (or signing out) starts it over.
  const who = token ? (username ?? '') : null;
  const startedFor = useRef<string | null>(null);

  useEffect(() => {
    store.setFixedArea(areaId ?? null);
  }, [store, areaId]);

  useEffect(() => {
    if (who === null) return;
    if (startedFor.current !== null && startedFor.current !== who) store.forget();
    startedFor.current = who;
    store.start();
    return () => store.stop();
  }, [store, who]);

  const state = useSyncExternalStore(store.subscribe, store.getState);
  return { store, state, signedIn: who !== null };
}
