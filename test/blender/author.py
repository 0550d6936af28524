# Run by author.test.ts: blender -b --factory-startup --python author.py -- IN.glb OUT.glb RESULT.json
# Blender as the author (issue 29): imports Kuribo's exported GLB with its own importer, keys new
# rotations on two bones over 60 frames (Bezier, Blender's default interpolation), exports glTF with
# its own exporter, and writes the evaluated bone heads and skinned vertices at every 5th frame
# (in glTF axes: Blender's importer turned (x, y, z) into (x, -z, y)).
import json
import math
import sys

import numpy
numpy.bool = bool  # Debian's numpy 1.24 with Blender 3.4's importer (it still uses numpy.bool)
import bpy
from mathutils import Euler, Vector

BONES = ('Body', 'Head')


def to_gltf(v):
    return Vector((v.x, v.z, -v.y))


def main():
    src, out_glb, result = sys.argv[sys.argv.index('--') + 1:]
    bpy.ops.wm.read_factory_settings(use_empty=True)
    scene = bpy.context.scene
    scene.render.fps = 60
    scene.frame_start, scene.frame_end = 0, 60
    bpy.ops.import_scene.gltf(filepath=src)
    arm = next(o for o in bpy.data.objects if o.type == 'ARMATURE')
    arm.animation_data_clear()
    arm.animation_data_create()
    arm.animation_data.action = bpy.data.actions.new('Nod')
    for i, name in enumerate(BONES):
        bone = arm.pose.bones[name]
        bone.rotation_mode = 'QUATERNION'
        for frame, angle in ((0, 0), (20, 35), (40, -25), (60, 0)):
            e = Euler((math.radians(angle), math.radians(angle * 0.5 * (i + 1)), 0), 'XYZ')
            bone.rotation_quaternion = e.to_quaternion()
            bone.keyframe_insert('rotation_quaternion', frame=frame)
    for fc in arm.animation_data.action.fcurves:
        for k in fc.keyframe_points:
            k.interpolation = 'BEZIER'
    bpy.ops.export_scene.gltf(filepath=out_glb, export_format='GLB', export_animations=True)
    frames = []
    for frame in range(0, 61, 5):
        scene.frame_set(frame)
        depsgraph = bpy.context.evaluated_depsgraph_get()
        ev = arm.evaluated_get(depsgraph)
        heads = {b.name: list(to_gltf(ev.matrix_world @ b.head)) for b in ev.pose.bones}
        vertices = []
        for obj in scene.objects:
            if obj.type == 'MESH':
                m = obj.evaluated_get(depsgraph)
                mesh = m.to_mesh()
                vertices.extend(list(to_gltf(m.matrix_world @ v.co)) for v in mesh.vertices)
                m.to_mesh_clear()
        frames.append({'frame': frame, 'heads': heads, 'vertices': vertices})
    json.dump({'blender': bpy.app.version_string, 'frames': frames}, open(result, 'w'))


main()
