// Texts of the video player (SPEC §2 "Video player", §4, §8): status overlay, mode switch, replay
// range picker, screenshot and pan-tilt. The shared player words (live, replay, no device, pan-tilt
// actions) are in media.ts.
import { defineResources } from './define.ts';

export default defineResources({
  zh: {
    video: {
      player: '视频播放器',
      mode: '播放模式',
      status: {
        connecting: '正在连接…',
        reconnecting: '连接中断，正在重连…',
        paused: '页面在后台，直播已暂停',
        noPermission: '没有播放权限',
        ended: '回放已结束',
        stopped: '已停止',
        lookingUp: '正在查找设备…',
      },
      range: {
        open: '选择回放时间段',
        start: '开始时间',
        end: '结束时间',
        apply: '确定',
        cancel: '取消',
        format: '请选择完整的开始和结束时间',
        order: '结束时间必须晚于开始时间',
        future: '不能选择今天以后的时间',
      },
      screenshotSaved: '截图已保存：{{name}}',
      screenshotNone: '暂无画面，无法截图',
      autoMuted: '浏览器禁止有声自动播放，已静音',
      unmute: '开启声音',
      ptzOpen: '云台控制',
      ptzHint: '按住方向键转动，松开即停止',
      close: '关闭',
      fullscreen: '全屏',
      exitFullscreen: '退出全屏',
    },
  },
  en: {
    video: {
      player: 'Video player',
      mode: 'Playback mode',
      status: {
        connecting: 'Connecting…',
        reconnecting: 'Connection lost, reconnecting…',
        paused: 'Live video paused while the page is in the background',
        noPermission: 'No permission to play',
        ended: 'Replay finished',
        stopped: 'Stopped',
        lookingUp: 'Looking up the device…',
      },
      range: {
        open: 'Choose the replay period',
        start: 'Start time',
        end: 'End time',
        apply: 'OK',
        cancel: 'Cancel',
        format: 'Choose a complete start and end time',
        order: 'The end must be after the start',
        future: 'Times after today cannot be chosen',
      },
      screenshotSaved: 'Screenshot saved: {{name}}',
      screenshotNone: 'No picture yet to capture',
      autoMuted: 'The browser blocked autoplay with sound, so the video is muted',
      unmute: 'Unmute',
      ptzOpen: 'Pan-tilt control',
      ptzHint: 'Hold a direction to move, release to stop',
      close: 'Close',
      fullscreen: 'Full screen',
      exitFullscreen: 'Exit full screen',
    },
  },
});
