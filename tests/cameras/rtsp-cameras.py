#!/usr/bin/python3
# IP camera stand-ins for the camera matrix: one GStreamer RTSP server (gst-rtsp-server, Debian's
# gir1.2-gst-rtsp-server-1.0 + python3-gi) serving every case, each mount a camera of its own.
#
#   /usr/bin/python3 tests/cameras/rtsp-cameras.py PORT FLAKY_PORT
#
# Every picture is videotestsrc's bouncing ball on a solid background of the mount's own colour
# (COLOURS below), so a test can tell which camera it is looking at. /flaky runs on its own port so
# that stopping it acts like a camera rebooting: its connections drop and new ones are refused.
# Commands on stdin, one per line, each answered on stdout: `stop flaky`, `start flaky`.
# The server prints `ready PORT FLAKY_PORT` once both ports listen.
import glob
import hashlib
import os
import sys
import tempfile

import gi

gi.require_version('Gst', '1.0')
gi.require_version('GstRtspServer', '1.0')
from gi.repository import GLib, Gst, GstRtspServer  # noqa: E402

Gst.init(None)

# Background colour of each mount (0xRRGGBB); the e2e matrix checks the picture's colour against it.
COLOURS = {
    'h264': 0x2060C0,
    'h264-aac': 0x20A040,
    'h264-alaw': 0xC03030,
    'h264-mulaw': 0xC0A020,
    'h264-high': 0x8030B0,
    'h264-1080': 0x20A0A0,
    'h264-1440': 0xC06020,
    'h265': 0x80C020,
    'mjpeg': 0xA0A0A0,
    'auth': 0x304050,
    'flaky': 0xB03080,
}

# Cheap encodes: ultrafast, small bitrates; the frame rate stays a camera's 25 fps.
X264 = 'x264enc speed-preset=ultrafast bitrate={kbps} key-int-max={gop} {extra}'
LOW_DELAY = 'tune=zerolatency'


def video(mount, width=704, height=576):
    colour = 0xFF000000 | COLOURS[mount]
    return (f'videotestsrc is-live=true pattern=ball background-color={colour} foreground-color=0xffffffff '
            f'! video/x-raw,width={width},height={height},framerate=25/1,format=I420')


def h264(mount, width=704, height=576, kbps=400, gop=25, profile='baseline', extra=LOW_DELAY):
    return (f'{video(mount, width, height)} ! {X264.format(kbps=kbps, gop=gop, extra=extra)} '
            f'! video/x-h264,profile={profile} ! rtph264pay name=pay0 pt=96 config-interval=-1')


def tone(rate):
    return f'audiotestsrc is-live=true wave=sine freq=440 volume=0.2 samplesperbuffer={rate // 25} ! audio/x-raw,rate={rate},channels=1'


# Cameras with sound or B-frames encode live (their pictures cost little at 704x576); the others send
# pictures encoded once, round and round (ROUND below).
LAUNCH = {
    'h264-aac': f"{h264('h264-aac')} {tone(16000)} ! audioconvert ! avenc_aac bitrate=32000 ! rtpmp4gpay name=pay1 pt=97",
    'h264-alaw': f"{h264('h264-alaw')} {tone(8000)} ! alawenc ! rtppcmapay name=pay1 pt=8",
    'h264-mulaw': f"{h264('h264-mulaw')} {tone(8000)} ! mulawenc ! rtppcmupay name=pay1 pt=0",
    # High profile with B-frames and a 4-second GOP (100 pictures at 25 fps), as many NVR defaults.
    'h264-high': h264('h264-high', gop=100, profile='high', extra='bframes=2 b-adapt=false dct8x8=true rc-lookahead=5 sync-lookahead=0'),
    # A codec no browser plays and the platform does not transcode: reported as unsupported.
    'mjpeg': f"{video('mjpeg', 640, 480)} ! jpegenc quality=50 ! rtpjpegpay name=pay0 pt=26",
}

# Cameras whose pictures are encoded once and then sent round and round at 25 fps, stamped by a running
# count, as a camera's hardware encoder sends its pictures whatever else the machine does: two seconds
# (50 pictures, a key picture every 25) of the mount's own picture at its own size. A live software
# encoder cannot stand in for that on a loaded 2-core machine:
#  - x265enc's thread pool waits for the scheduler at every hand-over (100 pictures took 92 s of wall
#    clock for 1 s of CPU beside two busy loops; x264enc 7 s; single-threaded x265 still 20 s), so its
#    key pictures came 10-25 s apart and a relay starting on it waited that long for its first picture;
#  - x264enc at 2560x1440 fell behind beside three journeys at once (the 1440p camera was offline to
#    the platform), and the live encoders were the camera matrix's largest CPU cost.
ROUND_PICTURES = 50
X265_ONCE = ('x265enc speed-preset=ultrafast tune=zerolatency bitrate={kbps} key-int-max=25 '
             'option-string=pools=none:frame-threads=1:lookahead-threads=0:wpp=0:lookahead-slices=0 '
             '! video/x-h265,profile=main,stream-format=byte-stream,alignment=au')


def encode_once(codec, kbps):
    """The encoder of a ROUND mount's pictures: a key picture every 25, whole pictures, byte-stream."""
    if codec == 'h265':
        return X265_ONCE.format(kbps=kbps)
    return f"{X264.format(kbps=kbps, gop=25, extra=LOW_DELAY)} ! video/x-h264,profile=baseline,stream-format=byte-stream,alignment=au"


ROUND = {
    # mount: (codec, width, height, kbps)
    'h264': ('h264', 704, 576, 400),
    'h264-1080': ('h264', 1920, 1080, 800),
    'h264-1440': ('h264', 2560, 1440, 1000),
    'h265': ('h265', 704, 576, 400),
    'auth': ('h264', 704, 576, 400),
    'flaky': ('h264', 704, 576, 400),
}


def round_launch(codec):
    return (f'appsrc name=pictures is-live=true format=time '
            f'caps=video/x-{codec},stream-format=byte-stream,alignment=au,framerate=25/1 '
            f'! {codec}parse ! rtp{codec}pay name=pay0 pt=96 config-interval=-1')


def round_pictures(mount):
    """A ROUND mount's pictures (one access unit each), encoded on first use and kept between runs."""
    codec, width, height, kbps = ROUND[mount]
    source = video(mount, width, height).replace('is-live=true', f'num-buffers={ROUND_PICTURES}')
    encode = encode_once(codec, kbps)
    key = hashlib.sha256(f'{source} {encode}'.encode()).hexdigest()[:16]
    folder = os.path.join(tempfile.gettempdir(), 'atrium-rtsp-cameras', f'{mount}-{key}')
    files = sorted(glob.glob(os.path.join(folder, '*.pic')))
    if len(files) != ROUND_PICTURES:
        os.makedirs(os.path.dirname(folder), exist_ok=True)
        making = tempfile.mkdtemp(prefix=f'{mount}-', dir=os.path.dirname(folder))
        pipeline = Gst.parse_launch(f'{source} ! {encode} ! multifilesink location={making}/%03d.pic')
        pipeline.set_state(Gst.State.PLAYING)
        message = pipeline.get_bus().timed_pop_filtered(Gst.CLOCK_TIME_NONE, Gst.MessageType.EOS | Gst.MessageType.ERROR)
        pipeline.set_state(Gst.State.NULL)
        if message.type == Gst.MessageType.ERROR:
            raise RuntimeError(f'cannot encode the pictures of /{mount}: {message.parse_error()[0].message}')
        try:
            os.rename(making, folder)
        except OSError:
            pass  # another server made it meanwhile: either copy is the same
        files = sorted(glob.glob(os.path.join(folder if os.path.isdir(folder) else making, '*.pic')))
    pictures = []
    for name in files:
        with open(name, 'rb') as f:
            pictures.append(f.read())
    return pictures


def send_round(pictures):
    """A media-configure handler: the mount's appsrc gets the pictures in turn, stamped 40 ms apart."""
    def configure(_factory, media):
        count = {'n': 0}

        def need_data(appsrc, _length):
            n = count['n']
            count['n'] += 1
            buf = Gst.Buffer.new_wrapped(pictures[n % len(pictures)])
            buf.pts = buf.dts = n * Gst.SECOND // 25
            buf.duration = Gst.SECOND // 25
            appsrc.emit('push-buffer', buf)
        media.get_element().get_by_name('pictures').connect('need-data', need_data)
    return configure


USER, PASSWORD = 'cam', 'secret'


def factory(launch, locked):
    f = GstRtspServer.RTSPMediaFactory()
    f.set_launch(f'( {launch} )')
    # One pipeline per mount however many clients watch, as a camera has one encoder.
    f.set_shared(True)
    # Anonymous clients may see a locked mount but not play it: gst-rtsp-server answers 401 with a
    # Basic challenge (a role without access would get 404, hiding the mount).
    anonymous = 'false' if locked else 'true'
    for role, construct in (('anonymous', anonymous), ('user', 'true')):
        f.add_role_from_structure(Gst.Structure.new_from_string(
            f'{role}, media.factory.access=(boolean)true, media.factory.construct=(boolean){construct}'))
    return f


def make_server(port, mounts):
    server = GstRtspServer.RTSPServer()
    server.set_address('127.0.0.1')
    server.set_service(str(port))
    # Anonymous clients get the 'anonymous' role; /auth admits only the user with the password.
    auth = GstRtspServer.RTSPAuth()
    anonymous = GstRtspServer.RTSPToken()
    anonymous.set_string('media.factory.role', 'anonymous')
    auth.set_default_token(anonymous)
    user = GstRtspServer.RTSPToken()
    user.set_string('media.factory.role', 'user')
    auth.add_basic(GstRtspServer.RTSPAuth.make_basic(USER, PASSWORD), user)
    server.set_auth(auth)
    points = server.get_mount_points()
    for name in mounts:
        locked = name == 'auth'
        if name in ROUND:
            f = factory(round_launch(ROUND[name][0]), locked)
            f.connect('media-configure', send_round(round_pictures(name)))
        else:
            f = factory(LAUNCH[name], locked)
        points.add_factory(f'/{name}', f)
    return server


def main():
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8554
    flaky_port = int(sys.argv[2]) if len(sys.argv) > 2 else port + 1
    main_server = make_server(port, [m for m in [*LAUNCH, *ROUND] if m != 'flaky'])
    if main_server.attach(None) == 0:
        print(f'error: cannot listen on {port}', flush=True)
        sys.exit(1)
    flaky = make_server(flaky_port, ['flaky'])
    state = {'source': flaky.attach(None)}
    if state['source'] == 0:
        print(f'error: cannot listen on {flaky_port}', flush=True)
        sys.exit(1)

    def drop_clients(server):
        server.client_filter(lambda _server, _client, *_: GstRtspServer.RTSPFilterResult.REMOVE, None)

    def command(line):
        line = line.strip()
        if line == 'stop flaky':
            if state['source']:
                # Removing the source closes the listening socket: new connections are refused.
                GLib.source_remove(state['source'])
                state['source'] = 0
            drop_clients(flaky)
            print('flaky stopped', flush=True)
        elif line == 'start flaky':
            if not state['source']:
                state['source'] = flaky.attach(None)
            print('flaky started' if state['source'] else 'error: flaky cannot listen', flush=True)
        elif line:
            print(f'error: unknown command {line}', flush=True)

    loop = GLib.MainLoop()

    def on_stdin(channel, condition):
        if condition & (GLib.IO_HUP | GLib.IO_ERR):
            loop.quit()
            return False
        line = channel.readline()
        if not line:
            # The parent went away: so do we.
            loop.quit()
            return False
        command(line)
        return True

    stdin = GLib.IOChannel.unix_new(sys.stdin.fileno())
    GLib.io_add_watch(stdin, GLib.PRIORITY_DEFAULT, GLib.IO_IN | GLib.IO_HUP | GLib.IO_ERR, on_stdin)
    print(f'ready {port} {flaky_port}', flush=True)
    loop.run()


if __name__ == '__main__':
    main()
