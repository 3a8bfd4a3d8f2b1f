#!/usr/bin/python3
# One RTSP camera for the external media server tests (/usr/bin/python3 rtsp-camera.py PORT): H.264
# baseline 640x360 at 25 fps, a bouncing ball, at rtsp://127.0.0.1:PORT/cam, user cam / secret.
# Unlike tests/cameras' stand-ins each picture is one NAL unit (no access unit delimiters, one slice):
# node-media-server 4.4's RTSP relay sends every NAL unit as an FLV tag of its own, which browsers can
# only play when a picture is one NAL unit (docs/media-servers.md).
# Prints `ready PORT` once it listens.
import sys

import gi

gi.require_version('Gst', '1.0')
gi.require_version('GstRtspServer', '1.0')
from gi.repository import GLib, Gst, GstRtspServer  # noqa: E402

Gst.init(None)
port = sys.argv[1]
server = GstRtspServer.RTSPServer()
server.set_address('127.0.0.1')
server.set_service(port)
factory = GstRtspServer.RTSPMediaFactory()
factory.set_launch(
    '( videotestsrc is-live=true pattern=ball background-color=0xff406080 '
    '! video/x-raw,width=640,height=360,framerate=25/1 '
    '! x264enc speed-preset=ultrafast bitrate=600 key-int-max=25 threads=1 aud=false byte-stream=true '
    '! video/x-h264,profile=constrained-baseline ! rtph264pay name=pay0 pt=96 config-interval=1 )'
)
factory.set_shared(True)
# Credentials in the URL, as most installed cameras have them.
auth = GstRtspServer.RTSPAuth()
token = GstRtspServer.RTSPToken()
token.set_string(GstRtspServer.RTSP_TOKEN_MEDIA_FACTORY_ROLE, 'viewer')
auth.add_basic(GstRtspServer.RTSPAuth.make_basic('cam', 'secret'), token)
server.set_auth(auth)
permissions = GstRtspServer.RTSPPermissions()
permissions.add_permission_for_role('viewer', 'media.factory.access', True)
permissions.add_permission_for_role('viewer', 'media.factory.construct', True)
factory.set_permissions(permissions)
server.get_mount_points().add_factory('/cam', factory)
if server.attach(None) == 0:
    print('error: cannot listen on port ' + port, flush=True)
    sys.exit(1)
print('ready ' + port, flush=True)
GLib.MainLoop().run()
