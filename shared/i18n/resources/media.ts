// Player texts shared by every video widget (SPEC §2, §8, §9): live/replay, screenshot, no-device, pan-tilt.
import { defineResources } from './define.ts';

export default defineResources({
  zh: {
    media: {
      live: '直播',
      replay: '回放',
      replayRange: '回放时间段',
      transcoded: '此浏览器不能解码 H.265，正在播放平台转码的 H.264 画面',
      screenshot: '截图',
      noDevice: '无设备编码或设备ID',
      ptz: {
        title: '云台控制',
        speed: '速度',
        action: {
          up: '上',
          down: '下',
          left: '左',
          right: '右',
          upLeft: '左上',
          upRight: '右上',
          downLeft: '左下',
          downRight: '右下',
          zoomIn: '放大',
          zoomOut: '缩小',
        },
      },
    },
  },
  en: {
    media: {
      live: 'Live',
      replay: 'Replay',
      replayRange: 'Replay period',
      transcoded: 'This browser cannot decode H.265: playing an H.264 copy made by the platform',
      screenshot: 'Screenshot',
      noDevice: 'No device code or device id',
      ptz: {
        title: 'Pan-tilt control',
        speed: 'Speed',
        action: {
          up: 'Up',
          down: 'Down',
          left: 'Left',
          right: 'Right',
          upLeft: 'Up left',
          upRight: 'Up right',
          downLeft: 'Down left',
          downRight: 'Down right',
          zoomIn: 'Zoom in',
          zoomOut: 'Zoom out',
        },
      },
    },
  },
});
