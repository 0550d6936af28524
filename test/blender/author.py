# Run by author.test.ts: blender -b --factory-startup --python author.py -- IN.glb OUT.glb RESULT.json BONES [MATERIAL]
# Blender as the author (issue 29). What Blender does itself: imports the model's exported GLB with
# its own importer, keys new rotations on the bones named in BONES (comma-separated) over 60 frames
# (Bezier, Blender's default interpolation), exports glTF with its own exporter, and evaluates the
# bone heads and skinned vertices at every 5th frame (in glTF axes: Blender's importer turned
# (x, y, z) into (x, -z, y)).
# With MATERIAL, also a texture offset, keyed in Blender: in the material's node tree a Mapping
# node (POINT) between the UV map and the base colour's Image Texture (the one Blender's importer
# made for a KHR_texture_transform, else a new one), its Scale set to (1.5, 0.75) and its Location
# keyed at frames 0, 30 and 60 (Bezier).
# Blender's part of the texture: its exporter (io_scene_gltf2 3.4.50, as Debian ships it in
# /usr/share/blender/scripts/addons/io_scene_gltf2) writes the Mapping node's value at export time
# (frame 0) as a static KHR_texture_transform on the textureInfo: the scale in the file is
# Blender's. It does not animate it: it animates node TRS and morph weights only
# (blender/exp/gltf2_blender_gather_animation_channel_target.py maps an fcurve's data_path to
# translation / rotation / scale / weights, nothing else) and the add-on has no
# KHR_animation_pointer at all; Blender 4.x's exporter writes these channels itself.
# The post-step's part (add_offset_channel, after the export): appends to Blender's animation
# ('Nod') a KHR_animation_pointer channel on
# /materials/N/pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform/offset, LINEAR,
# one key per frame, whose values are Blender's own evaluation of the keyed Location at that frame
# (scene.frame_set; checked against fcurve.evaluate) converted to glTF by the add-on's own
# texture_transform_blender_to_gltf (its V flip, not ours); adds KHR_texture_transform and
# KHR_animation_pointer to extensionsUsed and rewrites the GLB (JSON and BIN chunks padded to 4).
# The result JSON carries that glTF transform (offset, rotation, scale) at every 5th frame.
import json
import math
import struct
import sys

import numpy
numpy.bool = bool  # Debian's numpy 1.24 with Blender 3.4's importer (it still uses numpy.bool)
import bpy
from mathutils import Euler, Vector
from io_scene_gltf2.blender.com.gltf2_blender_conversion import texture_transform_blender_to_gltf
from io_scene_gltf2.blender.exp.gltf2_blender_gather_sampler import detect_manual_uv_wrapping

FPS = 60
# Location (x, y) of the Mapping node at these frames
OFFSET_KEYS = ((0, (0.0, 0.0)), (30, (0.25, -0.4)), (60, (0.5, 0.1)))
# the Mapping node's Scale, not animated: Blender's exporter writes it in the static KHR_texture_transform
STATIC_SCALE = (1.5, 0.75)


def to_gltf(v):
    return Vector((v.x, v.z, -v.y))


def base_colour_image(tree):
    """The Image Texture node upstream of the Principled BSDF's Base Color."""
    bsdf = next(n for n in tree.nodes if n.type == 'BSDF_PRINCIPLED')
    todo = [bsdf.inputs['Base Color']]
    while todo:
        socket = todo.pop()
        for link in socket.links:
            node = link.from_node
            if node.type == 'TEX_IMAGE':
                return node
            todo.extend(i for i in node.inputs if i.is_linked)
    raise RuntimeError('no Image Texture feeds the Base Color')


def key_texture_offset(material):
    """The Mapping node before the base colour texture (made if Blender's importer made none), its Location keyed."""
    tree = material.node_tree
    image = base_colour_image(tree)
    # the importer's UV wrapping nodes (MIRROR) sit just before the texture: the Mapping goes before them
    wrapping = detect_manual_uv_wrapping(image)
    into = wrapping['next_socket'] if wrapping else image.inputs['Vector']
    mapping = into.links[0].from_node if into.is_linked else None
    if mapping is None or mapping.type != 'MAPPING':
        source = into.links[0].from_socket if into.is_linked else None
        if source is None:
            uv = tree.nodes.new('ShaderNodeTexCoord')
            source = uv.outputs['UV']
        mapping = tree.nodes.new('ShaderNodeMapping')
        mapping.vector_type = 'POINT'
        tree.links.new(source, mapping.inputs['Vector'])
        tree.links.new(mapping.outputs['Vector'], into)
    mapping.inputs['Scale'].default_value[0], mapping.inputs['Scale'].default_value[1] = STATIC_SCALE
    location = mapping.inputs['Location']
    for frame, (x, y) in OFFSET_KEYS:
        location.default_value[0], location.default_value[1] = x, y
        location.keyframe_insert('default_value', frame=frame)
    for fc in tree.animation_data.action.fcurves:
        for k in fc.keyframe_points:
            k.interpolation = 'BEZIER'
    return mapping


def gltf_transform(mapping):
    """The Mapping node's current (evaluated) value as glTF's KHR_texture_transform, by the add-on's conversion."""
    location, rotation, scale = (mapping.inputs[k].default_value for k in ('Location', 'Rotation', 'Scale'))
    return texture_transform_blender_to_gltf({'offset': [location[0], location[1]], 'rotation': rotation[2], 'scale': [scale[0], scale[1]]})


def read_glb(path):
    data = open(path, 'rb').read()
    magic, version, length = struct.unpack_from('<4sII', data, 0)
    assert magic == b'glTF' and version == 2 and length == len(data)
    chunks, at = [], 12
    while at < length:
        size, kind = struct.unpack_from('<I4s', data, at)
        chunks.append((kind, data[at + 8:at + 8 + size]))
        at += 8 + size
    assert chunks[0][0] == b'JSON'
    binary = next((c for k, c in chunks if k == b'BIN\0'), b'')
    return json.loads(chunks[0][1]), bytearray(binary)


def write_glb(path, gltf, binary):
    text = json.dumps(gltf, separators=(',', ':')).encode('utf8')
    text += b' ' * (-len(text) % 4)
    binary += b'\0' * (-len(binary) % 4)
    gltf_length = 12 + 8 + len(text) + 8 + len(binary)
    with open(path, 'wb') as f:
        f.write(struct.pack('<4sII', b'glTF', 2, gltf_length))
        f.write(struct.pack('<I4s', len(text), b'JSON') + text)
        f.write(struct.pack('<I4s', len(binary), b'BIN\0') + bytes(binary))


def add_offset_channel(path, material_name, animation_name, offsets):
    """The post-step (Blender 3.4's exporter cannot): the offsets per frame as a KHR_animation_pointer channel."""
    gltf, binary = read_glb(path)
    index = next(i for i, m in enumerate(gltf['materials']) if m.get('name') == material_name)
    info = gltf['materials'][index]['pbrMetallicRoughness']['baseColorTexture']
    # Blender's exporter wrote the static transform (if not identity); the pointer needs the object there
    info.setdefault('extensions', {}).setdefault('KHR_texture_transform', {})
    used = gltf.setdefault('extensionsUsed', [])
    for name in ('KHR_texture_transform', 'KHR_animation_pointer'):
        if name not in used:
            used.append(name)
    animations = gltf.setdefault('animations', [])
    animation = next((a for a in animations if a.get('name') == animation_name), None)
    if animation is None:
        animation = {'name': animation_name, 'channels': [], 'samplers': []}
        animations.append(animation)
    times = [f / FPS for f in range(len(offsets))]

    def accessor(values, kind):
        binary.extend(b'\0' * (-len(binary) % 4))
        view = {'buffer': 0, 'byteOffset': len(binary), 'byteLength': 4 * len(values)}
        binary.extend(struct.pack('<%df' % len(values), *values))
        gltf.setdefault('bufferViews', []).append(view)
        width = 1 if kind == 'SCALAR' else 2
        item = {'bufferView': len(gltf['bufferViews']) - 1, 'componentType': 5126, 'count': len(values) // width, 'type': kind}
        if kind == 'SCALAR':
            item['min'], item['max'] = [min(values)], [max(values)]
        gltf.setdefault('accessors', []).append(item)
        return len(gltf['accessors']) - 1

    input_ = accessor(times, 'SCALAR')
    output = accessor([v for xy in offsets for v in xy], 'VEC2')
    animation['samplers'].append({'input': input_, 'output': output, 'interpolation': 'LINEAR'})
    pointer = '/materials/%d/pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform/offset' % index
    animation['channels'].append({'sampler': len(animation['samplers']) - 1,
                                  'target': {'path': 'pointer', 'extensions': {'KHR_animation_pointer': {'pointer': pointer}}}})
    binary.extend(b'\0' * (-len(binary) % 4))
    if not gltf.get('buffers'):
        gltf['buffers'] = [{}]
    gltf['buffers'][0]['byteLength'] = len(binary)
    write_glb(path, gltf, binary)
    return index


def main():
    args = sys.argv[sys.argv.index('--') + 1:]
    src, out_glb, result, bones = args[:4]
    material_name = args[4] if len(args) > 4 else None
    bpy.ops.wm.read_factory_settings(use_empty=True)
    scene = bpy.context.scene
    scene.render.fps = FPS
    scene.frame_start, scene.frame_end = 0, 60
    bpy.ops.import_scene.gltf(filepath=src)
    arm = next(o for o in bpy.data.objects if o.type == 'ARMATURE')
    arm.animation_data_clear()
    arm.animation_data_create()
    arm.animation_data.action = bpy.data.actions.new('Nod')
    for i, name in enumerate(bones.split(',')):
        bone = arm.pose.bones[name]
        bone.rotation_mode = 'QUATERNION'
        for frame, angle in ((0, 0), (20, 35), (40, -25), (60, 0)):
            e = Euler((math.radians(angle), math.radians(angle * 0.5 * (i + 1)), 0), 'XYZ')
            bone.rotation_quaternion = e.to_quaternion()
            bone.keyframe_insert('rotation_quaternion', frame=frame)
    for fc in arm.animation_data.action.fcurves:
        for k in fc.keyframe_points:
            k.interpolation = 'BEZIER'
    mapping = key_texture_offset(bpy.data.materials[material_name]) if material_name else None
    bpy.ops.export_scene.gltf(filepath=out_glb, export_format='GLB', export_animations=True)
    texture = None
    if mapping is not None:
        curves = [fc for fc in mapping.id_data.animation_data.action.fcurves if fc.data_path == mapping.inputs['Location'].path_from_id('default_value')]
        offsets, fifth = [], []
        for frame in range(0, 61):
            scene.frame_set(frame)
            location = mapping.inputs['Location'].default_value
            # frame_set evaluated the node tree's action into the socket: the same as the fcurves
            for fc in curves:
                assert abs(fc.evaluate(frame) - location[fc.array_index]) < 1e-6, (frame, fc.array_index)
            t = gltf_transform(mapping)
            offsets.append(t['offset'])
            if frame % 5 == 0:
                fifth.append({'frame': frame, 'location': [location[0], location[1]], 'gltf': t})
        index = add_offset_channel(out_glb, material_name, 'Nod', offsets)
        texture = {'material': material_name, 'gltfMaterial': index, 'curves': len(curves), 'frames': fifth}
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
    json.dump({'blender': bpy.app.version_string, 'frames': frames, 'texture': texture}, open(result, 'w'))


main()
