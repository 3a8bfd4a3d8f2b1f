// Who may read and who may manage cameras and their groups (SPEC §6): reading comes with the video
// pages or any video element; managing needs video:manage (a role listing the video page only reads).
// Shared by the camera routes and the data group routes.
import type { SessionUser } from '../context.ts';

/** The user holds the element (the super admin holds every one). */
export const holds = (user: SessionUser, element: string): boolean => user.superAdmin || user.elements.has(element);

export const canSeeCameras = (user: SessionUser): boolean =>
  user.superAdmin || user.menus.has('videoGroup') || user.menus.has('devManager') || holds(user, 'video:play') || holds(user, 'video:replay');

export const canManageCameras = (user: SessionUser): boolean => holds(user, 'video:manage');
