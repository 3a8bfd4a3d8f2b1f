#!/bin/sh
# Regenerates the looping clips cameras fall back to without ffmpeg (demo/media/clips/*.flv). Run once by a developer;
# the clips are committed, so neither the demo platform nor CI needs ffmpeg.
#
# Each clip is 3.2 s: 80 video frames at 25 fps and exactly 100 AAC frames at 32 kHz (1024 samples
# each), so audio and video end together and the media server can loop them without a gap. A key
# frame every 10 frames (0.4 s) keeps the cached GOP a new viewer receives short, which is what makes
# the first picture immediate and the starting latency small. Baseline profile, no B-frames
# (zerolatency), so decode order equals presentation order.
set -eu
cd "$(dirname "$0")/clips"
command -v ffmpeg >/dev/null || { echo "make-clips.sh needs ffmpeg on PATH" >&2; exit 1; }

FONT=$(fc-match -f '%{file}' 'DejaVu Sans:bold' 2>/dev/null || true)
W=320; H=180; D=3.2

# name | video source | tone (Hz)
clip() {
  n=$1; src=$2; tone=$3
  # Not a camera's name: the loops stand in for any camera when ffmpeg cannot draw its own picture.
  label="DEMO LOOP $n"
  text=""
  if [ -n "$FONT" ]; then
    # The camera label, plus a clock in the clip (seconds.frames) so a moving picture is obvious.
    text=",drawbox=x=0:y=0:w=iw:h=28:color=black@0.55:t=fill,drawtext=fontfile=$FONT:text='$label':x=8:y=6:fontsize=16:fontcolor=white,drawtext=fontfile=$FONT:text='%{eif\:t\:d}.%{eif\:mod(n\,25)\:d\:2}':x=w-tw-8:y=6:fontsize=16:fontcolor=yellow"
  fi
  # A white block sweeping across the frame makes motion visible on every clip, even static patterns.
  move=",drawbox=x='mod(t*100\,$W)':y=$((H - 30)):w=24:h=24:color=white@0.9:t=fill"
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "$src,fps=25,scale=$W:$H,format=yuv420p$move$text" \
    -f lavfi -i "sine=frequency=$tone:sample_rate=32000" \
    -t $D -frames:v 80 \
    -c:v libx264 -profile:v baseline -preset veryslow -tune zerolatency -g 10 -keyint_min 10 -sc_threshold 0 \
    -b:v 90k -maxrate 120k -bufsize 120k \
    -c:a aac -ac 1 -ar 32000 -b:a 24k -frames:a 100 \
    -map_metadata -1 -flvflags no_duration_filesize \
    "clip-$n.flv"
}

clip 1 "testsrc2=size=${W}x${H}:rate=25" 440
clip 2 "mandelbrot=size=${W}x${H}:rate=25" 494
clip 3 "testsrc=size=${W}x${H}:rate=25" 523
clip 4 "color=c=0x6a1f4f:size=${W}x${H}:rate=25,geq=lum='lum(X,Y)+50*sin(hypot(X-160,Y-90)/10-T*6)':cb='cb(X,Y)':cr='cr(X,Y)'" 587
clip 5 "gradients=size=${W}x${H}:rate=25:speed=0.05" 659
clip 6 "smptebars=size=${W}x${H}:rate=25" 698
clip 7 "rgbtestsrc=size=${W}x${H}:rate=25,hue=h=t*90" 784
clip 8 "color=c=0x2d6a4f:size=${W}x${H}:rate=25,geq=lum='lum(X,Y)+40*sin((X+Y+T*80)/18)':cb='cb(X,Y)':cr='cr(X,Y)'" 880

ls -l clip-*.flv
