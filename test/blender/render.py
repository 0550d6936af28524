# Renders an exported GLB headless with the workbench engine (README screenshot):
# blender -b --factory-startup --python test/blender/render.py -- MODEL.glb OUT.png FRAME ANIMATION
import sys, math
import numpy
numpy.bool = bool
import bpy
from mathutils import Vector
args = sys.argv[sys.argv.index('--') + 1:]
bpy.ops.wm.read_factory_settings(use_empty=True)
scene = bpy.context.scene
scene.render.fps = 60
bpy.ops.import_scene.gltf(filepath=args[0])
frame = int(args[2])
for obj in bpy.data.objects:
    ad = obj.animation_data
    if ad:
        for t in ad.nla_tracks:
            t.mute = True
            if t.name == args[3] and t.strips:
                ad.action = t.strips[0].action
scene.frame_set(frame)
dg = bpy.context.evaluated_depsgraph_get()
pts = []
for o in scene.objects:
    if o.type == 'MESH':
        ev = o.evaluated_get(dg); me = ev.to_mesh()
        pts += [ev.matrix_world @ v.co for v in me.vertices]
lo = Vector((min(p.x for p in pts), min(p.y for p in pts), min(p.z for p in pts)))
hi = Vector((max(p.x for p in pts), max(p.y for p in pts), max(p.z for p in pts)))
c = (lo + hi) / 2; r = (hi - lo).length
cam = bpy.data.objects.new('cam', bpy.data.cameras.new('cam'))
scene.collection.objects.link(cam); scene.camera = cam
cam.location = c + Vector((0.55, -1.0, 0.35)) * r * 1.05
d = c - cam.location
cam.rotation_euler = d.to_track_quat('-Z', 'Y').to_euler()
scene.render.engine = 'BLENDER_WORKBENCH'
scene.display.shading.light = 'STUDIO'
scene.display.shading.color_type = 'TEXTURE'
scene.render.resolution_x = 480; scene.render.resolution_y = 360
scene.render.film_transparent = False
scene.world = bpy.data.worlds.new('w'); scene.world.color = (0.18, 0.18, 0.2)
scene.render.image_settings.file_format = 'PNG'
scene.render.image_settings.compression = 100
scene.render.filepath = args[1]
bpy.ops.render.render(write_still=True)
