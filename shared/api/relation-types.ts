// Relations between devices and cameras (relationManager relation/device, relation cctv).
//   POST /api/relation/device/page RelationQuery → RelationPage
//   POST /api/relation/device RelationSave         POST /api/relation/device/delete { ids }
//   GET  /api/relation/cameras?deviceCode=         → RelatedCamera[]   a device's cameras (from an alarm row)

export interface Relation {
  id: number;
  deviceId: number;
  deviceCode: string;
  deviceName: string;
  cameraId: number;
  cameraName: string;
  /** 0–30 characters (SPEC §5). */
  name: string;
}

export interface RelationPage {
  rows: Relation[];
  total: number;
}

export interface RelationQuery {
  page: number;
  limit: number;
  keyword?: string;
}

export interface RelationSave {
  deviceId: number;
  cameraId: number;
  name?: string;
}

export interface RelatedCamera {
  cameraId: number;
  cameraName: string;
  name: string;
}
