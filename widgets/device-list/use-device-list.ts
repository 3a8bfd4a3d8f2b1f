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
  const signedIn = Boolean(token);
  const user = username ?? '';
  const lastUser = useRef(user);

  useEffect(() => {
    store.setFixedArea(areaId ?? null);
  }, [store, areaId]);

  // A token refresh keeps the list running; signing out stops it.
  useEffect(() => {
    if (!signedIn) return;
    store.start();
    return () => store.stop();
  }, [store, signedIn]);

  // Another user signed in on this page: their tenant's rows must not show the previous one's.
  // (A name that merely becomes known after the user info loads is the same session.)
  useEffect(() => {
    const before = lastUser.current;
    lastUser.current = user;
    if (!before || !user || before === user) return;
    store.stop();
    store.forget();
    if (signedIn) store.start();
  }, [store, user, signedIn]);

  const state = useSyncExternalStore(store.subscribe, store.getState);
  return { store, state, signedIn };
}
