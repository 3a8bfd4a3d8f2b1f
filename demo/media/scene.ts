// What a demo camera sees, drawn by ffmpeg: a 1280x720 picture of its kind of place (a lobby or
// corridor, a car park, a machine room, the grounds) with people and cars moving through it, and the
// on-screen text a real camera prints — the date and time at the top right, its label and name at the
// bottom left. Live pictures carry the wall clock; replay pictures carry the recorded time (and
// PLAYBACK with the speed), plus the binary clock strip tests read back (timed-replay.ts).
//
// Everything is a cheap generator (flat colour and boxes): one camera costs about 6 % of one core at
// 25 fps (README, "Demo video"), so a four-pane wall stays well within this machine's two cores.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const SCENE = { width: 1280, height: 720, fps: 25 } as const;

export type SceneKind = 'indoor' | 'parking' | 'machines' | 'outdoor';

/** What the camera prints on its picture: its label, its name and (when set) its English name. */
export interface CameraTitle {
  label: string;
  name: string;
  nameEn: string | null;
}

/** live: the wall clock; replay: the recorded time; none: no time (a clip that loops, whose time would repeat). */
export type SceneClock = { kind: 'live' } | { kind: 'replay'; startMs: number; rate: number } | { kind: 'none' };

export interface SceneOptions {
  kind: SceneKind;
  /** Varies the colours and where things stand, so two cameras of one kind still differ (1-based). */
  look: number;
  title: CameraTitle;
  clock: SceneClock;
  /** Extra filters drawn last (the replay's clock strip). */
  overlay?: string[];
}

/** Picks the kind of place from a camera's names (the seeded English names say where it hangs). */
export function sceneKindOf(names: string): SceneKind {
  if (/car park|parking|garage|ramp|停车/i.test(names)) return 'parking';
  if (/server|rack|data cent|switchgear|generator|plant|boiler|pump|chiller|aisle|机房|机柜|配电|发电/i.test(names)) return 'machines';
  if (/campus|roof|gate|fence|terrace|footbridge|fountain|playground|bike|dock|loading|园区|屋顶|围栏/i.test(names)) return 'outdoor';
  return 'indoor';
}

const fonts = new Map<string, string | null>();
/** A font file from fontconfig, or null (then the picture is drawn without that text). */
function fontFile(pattern: string, list = false): string | null {
  const key = `${list ? 'list' : 'match'}:${pattern}`;
  if (fonts.has(key)) return fonts.get(key)!;
  let file: string | null;
  try {
    const out = list
      ? execFileSync('fc-list', [pattern, 'file'], { encoding: 'utf8', timeout: 3000 }).split('\n')[0]?.replace(/:\s*$/, '')
      : execFileSync('fc-match', ['-f', '%{file}', pattern], { encoding: 'utf8', timeout: 3000 });
    file = out?.trim() || null;
  } catch {
    file = null;
  }
  fonts.set(key, file);
  return file;
}

export const latinFont = () => fontFile('DejaVu Sans:bold');
/** The bold monospace font of the on-screen clocks (also the clip replay's, timed-replay.ts). */
export const monoFont = () => fontFile('DejaVu Sans Mono:bold');
const chineseFont = () => fontFile(':lang=zh', true);

/**
 * The line a camera prints: its label and its own name, in Chinese when a Chinese font is installed,
 * else in English (a name with no English form then shows the label alone rather than empty boxes).
 */
export function titleLine(title: CameraTitle, hasChineseFont: boolean): string {
  const latin = (s: string) => /^[\x20-\x7e]*$/.test(s);
  const name = hasChineseFont || latin(title.name) ? title.name : title.nameEn && latin(title.nameEn) ? title.nameEn : '';
  return [title.label, name].filter(Boolean).join('  ');
}

let textDir: string | null = null;
/** Files already written: named by their content, so each is written once per process. */
const written = new Set<string>();
/**
 * Text goes to drawtext through a file: a camera name is the user's text, and a file needs no
 * filter-graph escaping (the title is also drawn with expansion off, so a % in a name stays a %).
 */
function textFile(text: string): string {
  if (!textDir) {
    const dir = mkdtempSync(join(tmpdir(), 'atrium-osd-'));
    textDir = dir;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  const path = join(textDir, `${createHash('sha1').update(text).digest('hex')}.txt`);
  if (!written.has(path)) {
    writeFileSync(path, text);
    written.add(path);
  }
  return path;
}

/** A filled box; x, y may be expressions of t (commas escaped for the filter graph). */
function box(x: string | number, y: string | number, w: number, h: number, color: string, enable?: string): string {
  const q = (v: string | number) => (typeof v === 'number' ? String(Math.round(v)) : `'${v.replace(/,/g, '\\,')}'`);
  return `drawbox=x=${q(x)}:y=${q(y)}:w=${Math.round(w)}:h=${Math.round(h)}:color=${color}:t=fill${enable ? `:enable='${enable.replace(/,/g, '\\,')}'` : ''}`;
}

/** A small stable pseudo-random number in [0, 1) from the look and a slot. */
function pick(look: number, slot: number): number {
  const x = Math.sin(look * 12.9898 + slot * 78.233) * 43758.5453;
  return x - Math.floor(x);
}

/**
 * Something that moves: a small picture drawn once (its boxes relative to its own corner, on a
 * transparent ground) and laid over the scene each frame where `x` and `y` say (expressions of t;
 * ffmpeg evaluates overlay positions per frame, drawbox positions only once).
 */
interface Sprite {
  w: number;
  h: number;
  boxes: string[];
  x: string;
  y: string;
}

/** Someone walking across the floor line `y` (feet), `speed` px/s, starting `phase` s into the loop. */
function walker(y: number, speed: number, phase: number, coat: string, leftward = false): Sprite {
  const span = SCENE.width + 160;
  const along = `mod(t*${speed}+${(phase * speed).toFixed(1)},${span})-80`;
  return {
    w: 34,
    h: 122,
    boxes: [box(7, 0, 20, 22, '0xd9b38c'), box(0, 26, 34, 70, coat), box(0, 96, 14, 26, '0x2b2b30'), box(20, 96, 14, 26, '0x2b2b30')],
    x: leftward ? `${SCENE.width}-(${along})` : along,
    y: `${y - 122}+2*sin(t*9+${phase.toFixed(2)})`,
  };
}

/** A car's boxes with its top left corner at (x, y): 200 wide, 104 high. */
function carBoxes(x: number, y: number, paint: string): string[] {
  return [box(x, y + 34, 200, 52, paint), box(x + 40, y, 120, 36, paint), box(x + 50, y + 6, 100, 26, '0x9fb7c8'), box(x + 24, y + 82, 34, 22, '0x161616'), box(x + 142, y + 82, 34, 22, '0x161616')];
}

/** A car driving along the road line `y` (wheels), `speed` px/s. */
function car(y: number, speed: number, phase: number, paint: string, leftward = false): Sprite {
  const span = SCENE.width + 400;
  const along = `mod(t*${speed.toFixed(1)}+${(phase * speed).toFixed(1)},${span})-200`;
  return { w: 200, h: 104, boxes: carBoxes(0, 0, paint), x: leftward ? `${SCENE.width}-(${along})` : along, y: String(y - 104) };
}

const PALETTES = {
  indoor: [['0xcfc6b8', '0x8a7d6b'], ['0xb9c4cc', '0x5d6670'], ['0xd8cfc0', '0x6b5a48'], ['0xc3c9bd', '0x4f5a4c']],
  parking: [['0x4a4e55', '0x5c6068'], ['0x3f4650', '0x565b63']],
  machines: [['0x1e2329', '0x3a4048'], ['0x202a2e', '0x3b474b']],
  outdoor: [['0x8fb3d1', '0x6b7a5a'], ['0x9cb8cf', '0x777a6e'], ['0x7ea3c4', '0x5f6e4e']],
} as const;

/** The picture's parts: what stands still (drawn once) and what moves or blinks (drawn every frame). */
function sceneParts(kind: SceneKind, look: number): { back: string; still: string[]; moving: string[]; sprites: Sprite[] } {
  const palette = PALETTES[kind][look % PALETTES[kind].length]!;
  const [back, ground] = palette;
  const W = SCENE.width;
  const H = SCENE.height;
  const still: string[] = [];
  /** Lights that blink (timeline filters, evaluated per frame). */
  const moving: string[] = [];
  const sprites: Sprite[] = [];
  if (kind === 'indoor') {
    const floorY = 430;
    const doorX = 120 + pick(look, 1) * 260;
    still.push(box(0, floorY, W, H - floorY, ground), box(0, floorY - 12, W, 12, '0x3d3a36'));
    still.push(box(doorX, floorY - 230, 150, 230, '0x5a4632'), box(doorX + 118, floorY - 120, 10, 10, '0xe0c060'));
    still.push(box(doorX + 420, 110, 420, 170, '0x9fc1d8'), box(doorX + 560, 110, 8, 170, '0x6d6a66'), box(doorX + 700, 110, 8, 170, '0x6d6a66'));
    still.push(box(W - 150, floorY - 200, 70, 60, '0x3f8f4f'), box(W - 130, floorY - 140, 30, 140, '0x6b4a30'));
    for (let i = 0; i < 6; i++) still.push(box(i * 240 + 40, floorY + 110 + (i % 2) * 90, 160, 6, '0xffffff@0.18'));
    sprites.push(walker(floorY + 150, 70 + pick(look, 2) * 60, pick(look, 3) * 20, '0x2f5d8a'), walker(floorY + 250, 55 + pick(look, 4) * 40, pick(look, 5) * 20, '0x8a2f3c', true));
  } else if (kind === 'parking') {
    const paints = ['0xb03a2e', '0xe8e8e8', '0x1f3f6b', '0x2e2e2e', '0x6b6f2e'];
    still.push(box(0, 0, W, 140, '0x2a2d31'), box(300, 140, 60, 300, '0x6f7379'), box(920, 140, 60, 300, '0x6f7379'));
    for (let i = 0; i < 4; i++) still.push(box(30 + i * 320, 300, 6, 160, '0xe6d36b'), ...carBoxes(70 + i * 320, 356, paints[(i + look) % paints.length]!));
    for (let i = 0; i < 8; i++) still.push(box(i * 170 + 20, 600, 90, 10, '0xe6e6e6'));
    // One strip light flickers now and then, as old tubes do.
    for (let i = 0; i < 5; i++) (i === look % 5 ? moving : still).push(box(80 + i * 260, 60, 120, 14, '0xf2f0e6', i === look % 5 ? 'lt(mod(t,9),8.6)' : undefined));
    sprites.push(car(690, 110 + pick(look, 6) * 60, pick(look, 7) * 30, paints[look % paints.length]!, look % 2 === 0), walker(560, 60, pick(look, 8) * 20, '0x6b4a8a'));
  } else if (kind === 'machines') {
    still.push(box(0, 520, W, H - 520, ground));
    for (let r = 0; r < 5; r++) {
      const x = 60 + r * 250;
      still.push(box(x, 120, 170, 400, '0x2c3238'), box(x + 8, 128, 154, 384, '0x121619'));
      for (let u = 0; u < 10; u++) {
        const y = 140 + u * 36;
        still.push(box(x + 16, y, 138, 24, '0x30363c'));
        // Activity lights: a few blink, the rest glow steadily (every blinking light is a filter per frame).
        if ((u + r + look) % 4 === 0) moving.push(box(x + 130, y + 8, 8, 8, '0x3cd070', `lt(mod(t*${(1 + pick(look * 31 + r, u) * 4).toFixed(2)},1),0.6)`));
        else still.push(box(x + 130, y + 8, 8, 8, u % 5 === 3 ? '0xe0a030' : '0x3cd070'));
      }
    }
    sprites.push(walker(640, 50 + pick(look, 9) * 30, pick(look, 10) * 30, '0x3c5a3c'));
  } else {
    const bx = 80 + pick(look, 11) * 200;
    still.push(box(0, 330, W, H - 330, ground), box(0, 500, W, 120, '0x55575a'), box(bx, 90, 520, 240, '0xa49b8c'));
    for (let r = 0; r < 3; r++) for (let c = 0; c < 6; c++) still.push(box(bx + 30 + c * 82, 115 + r * 70, 56, 42, r === 1 && c === 2 ? '0xf0e6a0' : '0x4f6b84'));
    still.push(box(W - 260, 200, 40, 140, '0x5b4030'), box(W - 320, 120, 160, 100, '0x3f7a3f'));
    for (let i = 0; i < 7; i++) still.push(box(i * 200 + 30, 556, 110, 8, '0xf0f0f0'));
    sprites.push(car(610, 140 + pick(look, 12) * 80, pick(look, 13) * 30, '0x8a1f1f', look % 2 === 1), walker(470, 65, pick(look, 14) * 20, '0x2f4f8a'), walker(490, 50, pick(look, 15) * 20, '0x8a6a2f', true));
  }
  return { back, still, moving, sprites };
}

/**
 * The ffmpeg input for one camera's picture: `-f lavfi -i <graph>`. At a replay speed above 1× time in
 * the graph runs `rate` times faster (people move faster, the clock runs faster) while the output stays
 * 25 frames a second, as an NVR's fast forward looks.
 */
export function sceneInput(options: SceneOptions): string[] {
  const { width, height, fps } = SCENE;
  const rate = options.clock.kind === 'replay' ? options.clock.rate : 1;
  const { back, still, moving, sprites } = sceneParts(options.kind, options.look);
  const speed = rate === 1 ? [] : [`setpts=PTS*${rate}`];
  // Still parts and sprites are drawn on their first frame only; the loop filter repeats it from memory.
  const chains = [[`color=c=${back}:size=${width}x${height}:rate=${fps}`, 'format=yuv420p', ...still, 'loop=loop=-1:size=1:start=0', ...speed].join(',') + '[s0]'];
  sprites.forEach((sprite, i) => {
    chains.push([`color=c=black@0:size=${sprite.w}x${sprite.h}:rate=${fps}`, 'format=yuva420p', ...sprite.boxes.map((b) => `${b}:replace=1`), 'loop=loop=-1:size=1:start=0', ...speed].join(',') + `[m${i}]`);
    chains.push(`[s${i}][m${i}]overlay=x='${sprite.x.replace(/,/g, '\\,')}':y='${sprite.y.replace(/,/g, '\\,')}'[s${i + 1}]`);
  });
  const parts = [`[s${sprites.length}]null`, ...moving];
  const mono = monoFont();
  if (mono && options.clock.kind !== 'none') {
    const clock = options.clock.kind === 'live' ? '%{localtime:%Y-%m-%d %H\\:%M\\:%S}' : `%{pts:localtime:${(options.clock.startMs / 1000).toFixed(3)}:%Y-%m-%d %H\\:%M\\:%S}`;
    parts.push(`drawtext=fontfile=${mono}:textfile=${textFile(clock)}:x=w-tw-28:y=24:fontsize=30:fontcolor=white:borderw=2:bordercolor=black`);
    if (options.clock.kind === 'replay') parts.push(`drawtext=fontfile=${mono}:textfile=${textFile(`PLAYBACK ${rate}x`)}:expansion=none:x=w-tw-28:y=64:fontsize=24:fontcolor=0xffd24a:borderw=2:bordercolor=black`);
  }
  const chinese = chineseFont();
  const line = titleLine(options.title, chinese !== null);
  const font = /^[\x20-\x7e]*$/.test(line) ? latinFont() : chinese;
  if (font && line) parts.push(`drawtext=fontfile=${font}:textfile=${textFile(line)}:expansion=none:x=28:y=h-th-28:fontsize=30:fontcolor=white:borderw=2:bordercolor=black`);
  parts.push(...(options.overlay ?? []));
  if (rate !== 1) parts.push(`setpts=PTS/${rate}`);
  return ['-f', 'lavfi', '-i', [...chains, parts.join(',')].join(';')];
}

/**
 * The H.264 every encoded stream (drawn, or a clip replayed with its time) is encoded to: low
 * latency, a key frame every 0.4 s, one thread, and
 * every frame handed over as soon as it is encoded (a pipe otherwise holds up to 32 KB back, which
 * delays a new channel's first picture and every frame after it).
 */
export const SCENE_ENCODER = [
  '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-profile:v', 'baseline', '-threads', '1',
  '-g', '10', '-pix_fmt', 'yuv420p', '-b:v', '1200k', '-maxrate', '1500k', '-bufsize', '1500k', '-flush_packets', '1',
];
