# Run by blender.test.ts: blender -b --factory-startup --python check.py -- MANIFEST RESULT
# For every model of the manifest: a fresh scene at the export's frame rate, Blender's own glTF
# importer, then for every animation and frame asked: the evaluated (skinned) meshes' world-space
# vertices and the pose bones' heads, compared with the reference (animscope pose) as point sets
# both ways with a KD-tree; image and material counts. Blender is Z-up: its importer turns glTF
# (x, y, z) into (x, -z, y), turned back here before comparing.
import json
import sys

import numpy
numpy.bool = bool  # Debian's numpy 1.24 with Blender 3.4's importer (it still uses numpy.bool)
import math
import bpy
from mathutils import Vector
from mathutils.kdtree import KDTree


def tree_of(points):
    tree = KDTree(len(points))
    for i, p in enumerate(points):
        tree.insert(p, i)
    tree.balance()
    return tree


def one_way(a, b_tree):
    worst = 0.0
    for p in a:
        _, _, d = b_tree.find(p)
        worst = max(worst, d if d is not None else float('inf'))
    return worst


def to_gltf(v):
    return Vector((v.x, v.z, -v.y))


def select_animation(name):
    # Without an action Blender keeps the last pose: back to the rest pose first.
    for obj in bpy.data.objects:
        if obj.type == 'ARMATURE':
            for b in obj.pose.bones:
                b.location = (0, 0, 0)
                b.rotation_quaternion = (1, 0, 0, 0)
                b.scale = (1, 1, 1)
    for obj in bpy.data.objects:
        ad = obj.animation_data
        if not ad:
            continue
        chosen = None
        for track in ad.nla_tracks:
            track.mute = True
            if name is not None and track.name == name and track.strips:
                chosen = track.strips[0].action
        ad.action = chosen


def evaluate(frame):
    scene = bpy.context.scene
    # Between keys checks ask for half frames (a BCA's STEP keys hold there).
    whole = math.floor(frame)
    scene.frame_set(int(whole), subframe=frame - whole)
    depsgraph = bpy.context.evaluated_depsgraph_get()
    vertices = []
    for obj in scene.objects:
        if obj.type != 'MESH':
            continue
        ev = obj.evaluated_get(depsgraph)
        mesh = ev.to_mesh()
        m = ev.matrix_world
        vertices.extend(to_gltf(m @ v.co) for v in mesh.vertices)
        ev.to_mesh_clear()
    heads = []
    for obj in scene.objects:
        if obj.type == 'ARMATURE':
            ev = obj.evaluated_get(depsgraph)
            heads.extend(to_gltf(ev.matrix_world @ b.head) for b in ev.pose.bones)
    return vertices, heads


def main():
    args = sys.argv[sys.argv.index('--') + 1:]
    manifest = json.load(open(args[0]))
    results = {'blender': bpy.app.version_string, 'models': []}
    for model in manifest['models']:
        bpy.ops.wm.read_factory_settings(use_empty=True)
        scene = bpy.context.scene
        scene.render.fps = int(round(model['fps']))
        out = {'label': model['label'], 'checks': []}
        try:
            bpy.ops.import_scene.gltf(filepath=model['glb'])
        except Exception as e:  # reported, and the test fails on it
            out['error'] = str(e)
            results['models'].append(out)
            continue
        out['images'] = len(bpy.data.images)
        out['materials'] = len(bpy.data.materials)
        out['tracks'] = sorted({t.name for o in bpy.data.objects if o.animation_data for t in o.animation_data.nla_tracks})
        for check in model['checks']:
            select_animation(check['animation'])
            vertices, heads = evaluate(check['frame'])
            ref_v = [Vector(p) for p in check['vertices']]
            ref_h = [Vector(p) for p in check['heads']]
            out['checks'].append({
                'animation': check['animation'], 'frame': check['frame'],
                'vertexCount': len(vertices), 'boneCount': len(heads),
                'verticesToPose': one_way(vertices, tree_of(ref_v)) if vertices and ref_v else None,
                'poseToVertices': one_way(ref_v, tree_of(vertices)) if vertices and ref_v else None,
                'headsToPose': one_way(heads, tree_of(ref_h)) if heads and ref_h else None,
                'poseToHeads': one_way(ref_h, tree_of(heads)) if heads and ref_h else None,
            })
        results['models'].append(out)
    json.dump(results, open(args[1], 'w'))


main()
