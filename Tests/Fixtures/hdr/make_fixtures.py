#!/usr/bin/env python3
"""Gain map fixtures for FullBleed's HDR tests, made by an independent encoder: Google's libultrahdr 1.4.0
as shipped inside the PyPI wheel imagecodecs==2026.3.6 (imagecodecs.version() lists libultrahdr-1.4.0).
imagecodecs' own ultrahdr_encode takes an HDR image only, so this script calls the library's C API
(ultrahdr_api.h of libultrahdr v1.4.0) through ctypes for what that wrapper does not expose: an SDR and an
HDR rendition together, single- or multi-channel gain maps, EXIF, precomputed gain maps with per-channel
metadata, the decoded gain map metadata.

Run from the package root (`make hdr-fixtures` prepares the venv):

    .build/hdr-venv/bin/python Tests/Fixtures/hdr/make_fixtures.py generate   # every fixture + reference
    .build/hdr-venv/bin/python Tests/Fixtures/hdr/make_fixtures.py reference F  # libultrahdr's view of F (JSON)

`generate` writes, next to this script:
  uhdr_gray_p3.jpg        384x256 Display P3 base, 96x64 gray gain map (libultrahdr computes it), ISO 21496-1
  uhdr_rgb_srgb.jpg       384x256 sRGB base, 96x64 RGB (multi-channel) gain map, ISO 21496-1
  uhdr_orient6.jpg        stored 256x384 + EXIF orientation 6 (displays 384x256), gray map in stored orientation
  uhdr_iso_perchannel.jpg our own RGB map with distinct per-channel metadata, container and ISO box by libultrahdr
  xmp_gray.jpg            uhdr_gray_p3.jpg re-wrapped with Ultra HDR v1.0 XMP (hdrgm attributes) instead of ISO
  xmp_seq_rgb.jpg         uhdr_iso_perchannel.jpg re-wrapped with XMP per-channel rdf:Seq elements instead of ISO
  iso_and_xmp.jpg         ISO box and a contradicting XMP (GainMapMax 9): ISO must win
  bad_*.jpg               hostile files (see HOSTILE below)
  fullbleed_written.jpg   (not made here) FullBleed's writer output: only its libultrahdr reference is added
  *.ref.f32               libultrahdr's linear HDR rendition at full headroom, 4x4 box-averaged, float32 LE, RGB
  references.json         per file: sizes, the gain map metadata libultrahdr decodes, reference file and shape

The XMP variants and the hostile files are assembled here in Python from libultrahdr's output (segment
surgery with exact MPF offsets), so the Swift reader is tested against bytes it did not write.
"""
import ctypes
import glob
import json
import math
import os
import struct
import sys

import numpy as np
import imagecodecs

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
SAMPLES = os.path.join(ROOT, "Samples")

# ---------------------------------------------------------------- libultrahdr through ctypes


class ErrorInfo(ctypes.Structure):
    _fields_ = [("error_code", ctypes.c_int), ("has_detail", ctypes.c_int), ("detail", ctypes.c_char * 256)]


class RawImage(ctypes.Structure):
    _fields_ = [("fmt", ctypes.c_int), ("cg", ctypes.c_int), ("ct", ctypes.c_int), ("range", ctypes.c_int),
                ("w", ctypes.c_uint), ("h", ctypes.c_uint), ("planes", ctypes.c_void_p * 3), ("stride", ctypes.c_uint * 3)]


class CompressedImage(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("data_sz", ctypes.c_size_t), ("capacity", ctypes.c_size_t),
                ("cg", ctypes.c_int), ("ct", ctypes.c_int), ("range", ctypes.c_int)]


class MemBlock(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("data_sz", ctypes.c_size_t), ("capacity", ctypes.c_size_t)]


class GainmapMetadata(ctypes.Structure):
    _fields_ = [("max_content_boost", ctypes.c_float * 3), ("min_content_boost", ctypes.c_float * 3),
                ("gamma", ctypes.c_float * 3), ("offset_sdr", ctypes.c_float * 3), ("offset_hdr", ctypes.c_float * 3),
                ("hdr_capacity_min", ctypes.c_float), ("hdr_capacity_max", ctypes.c_float), ("use_base_cg", ctypes.c_int)]


# enums of ultrahdr_api.h v1.4.0
FMT_RGBA8888, FMT_RGBA_HALF = 3, 4
CG_BT709, CG_P3 = 0, 1
CT_LINEAR, CT_SRGB = 0, 3
CR_FULL = 1
HDR_IMG, SDR_IMG, BASE_IMG, GAIN_MAP_IMG = 0, 1, 2, 3
CODEC_JPG = 0


def load_libultrahdr():
    import imagecodecs._ultrahdr  # noqa: F401  (loads the bundled library and its libjpeg)
    candidates = glob.glob(os.path.join(os.path.dirname(imagecodecs.__file__), "..", "imagecodecs.libs", "libuhdr*"))
    if not candidates:
        sys.exit("libultrahdr not found inside the imagecodecs wheel (expected imagecodecs.libs/libuhdr*)")
    lib = ctypes.CDLL(candidates[0])
    err = ErrorInfo
    for name, restype, argtypes in [
        ("uhdr_create_encoder", ctypes.c_void_p, []),
        ("uhdr_release_encoder", None, [ctypes.c_void_p]),
        ("uhdr_enc_set_raw_image", err, [ctypes.c_void_p, ctypes.POINTER(RawImage), ctypes.c_int]),
        ("uhdr_enc_set_compressed_image", err, [ctypes.c_void_p, ctypes.POINTER(CompressedImage), ctypes.c_int]),
        ("uhdr_enc_set_gainmap_image", err, [ctypes.c_void_p, ctypes.POINTER(CompressedImage), ctypes.POINTER(GainmapMetadata)]),
        ("uhdr_enc_set_quality", err, [ctypes.c_void_p, ctypes.c_int, ctypes.c_int]),
        ("uhdr_enc_set_exif_data", err, [ctypes.c_void_p, ctypes.POINTER(MemBlock)]),
        ("uhdr_enc_set_using_multi_channel_gainmap", err, [ctypes.c_void_p, ctypes.c_int]),
        ("uhdr_enc_set_gainmap_scale_factor", err, [ctypes.c_void_p, ctypes.c_int]),
        ("uhdr_enc_set_gainmap_gamma", err, [ctypes.c_void_p, ctypes.c_float]),
        ("uhdr_enc_set_min_max_content_boost", err, [ctypes.c_void_p, ctypes.c_float, ctypes.c_float]),
        ("uhdr_enc_set_target_display_peak_brightness", err, [ctypes.c_void_p, ctypes.c_float]),
        ("uhdr_enc_set_output_format", err, [ctypes.c_void_p, ctypes.c_int]),
        ("uhdr_encode", err, [ctypes.c_void_p]),
        ("uhdr_get_encoded_stream", ctypes.POINTER(CompressedImage), [ctypes.c_void_p]),
        ("uhdr_create_decoder", ctypes.c_void_p, []),
        ("uhdr_release_decoder", None, [ctypes.c_void_p]),
        ("uhdr_dec_set_image", err, [ctypes.c_void_p, ctypes.POINTER(CompressedImage)]),
        ("uhdr_dec_set_out_img_format", err, [ctypes.c_void_p, ctypes.c_int]),
        ("uhdr_dec_set_out_color_transfer", err, [ctypes.c_void_p, ctypes.c_int]),
        ("uhdr_dec_set_out_max_display_boost", err, [ctypes.c_void_p, ctypes.c_float]),
        ("uhdr_dec_probe", err, [ctypes.c_void_p]),
        ("uhdr_dec_get_image_width", ctypes.c_int, [ctypes.c_void_p]),
        ("uhdr_dec_get_image_height", ctypes.c_int, [ctypes.c_void_p]),
        ("uhdr_dec_get_gainmap_width", ctypes.c_int, [ctypes.c_void_p]),
        ("uhdr_dec_get_gainmap_height", ctypes.c_int, [ctypes.c_void_p]),
        ("uhdr_dec_get_gainmap_metadata", ctypes.POINTER(GainmapMetadata), [ctypes.c_void_p]),
        ("uhdr_decode", err, [ctypes.c_void_p]),
        ("uhdr_get_decoded_image", ctypes.POINTER(RawImage), [ctypes.c_void_p]),
    ]:
        function = getattr(lib, name)
        function.restype = restype
        function.argtypes = argtypes
    return lib


LIB = None


def uhdr():
    global LIB
    if LIB is None:
        LIB = load_libultrahdr()
    return LIB


def check(status, what):
    if status.error_code != 0:
        raise RuntimeError(f"libultrahdr {what}: {status.error_code} {status.detail.decode(errors='replace')}")


def raw_image(array, fmt, cg, ct):
    array = np.ascontiguousarray(array)
    image = RawImage()
    image.fmt, image.cg, image.ct, image.range = fmt, cg, ct, CR_FULL
    image.h, image.w = array.shape[0], array.shape[1]
    image.planes[0] = array.ctypes.data
    image.stride[0] = array.shape[1]
    return image, array


def compressed(data, cg=-1):
    buffer = ctypes.create_string_buffer(bytes(data), len(data))
    image = CompressedImage()
    image.data, image.data_sz, image.capacity = ctypes.addressof(buffer), len(data), len(data)
    image.cg, image.ct, image.range = cg, -1, -1
    return image, buffer


def encode_from_renditions(sdr_encoded_rgb8, hdr_linear_rgb, gamut, multichannel, exif=None, max_boost=4.0, quality=90):
    """libultrahdr computes the gain map from an SDR (sRGB-encoded 8-bit) and an HDR (linear half float,
    1.0 = SDR white) rendition of the same picture, and writes base JPEG + gain map JPEG + metadata."""
    lib = uhdr()
    encoder = lib.uhdr_create_encoder()
    try:
        h, w = sdr_encoded_rgb8.shape[:2]
        hdr = np.ones((h, w, 4), np.float16)
        hdr[..., :3] = hdr_linear_rgb.astype(np.float16)
        sdr = np.full((h, w, 4), 255, np.uint8)
        sdr[..., :3] = sdr_encoded_rgb8
        hdr_raw, hdr_keep = raw_image(hdr, FMT_RGBA_HALF, gamut, CT_LINEAR)
        sdr_raw, sdr_keep = raw_image(sdr, FMT_RGBA8888, gamut, CT_SRGB)
        check(lib.uhdr_enc_set_raw_image(encoder, ctypes.byref(hdr_raw), HDR_IMG), "set hdr")
        check(lib.uhdr_enc_set_raw_image(encoder, ctypes.byref(sdr_raw), SDR_IMG), "set sdr")
        check(lib.uhdr_enc_set_quality(encoder, quality, BASE_IMG), "quality")
        check(lib.uhdr_enc_set_quality(encoder, 95, GAIN_MAP_IMG), "quality")
        check(lib.uhdr_enc_set_using_multi_channel_gainmap(encoder, 1 if multichannel else 0), "multichannel")
        check(lib.uhdr_enc_set_gainmap_scale_factor(encoder, 4), "scale")
        check(lib.uhdr_enc_set_min_max_content_boost(encoder, 1.0, max_boost), "boost")
        check(lib.uhdr_enc_set_target_display_peak_brightness(encoder, 203.0 * max_boost), "peak")
        if exif is not None:
            exif_buffer = ctypes.create_string_buffer(exif, len(exif))
            block = MemBlock(ctypes.addressof(exif_buffer), len(exif), len(exif))
            check(lib.uhdr_enc_set_exif_data(encoder, ctypes.byref(block)), "exif")
        check(lib.uhdr_enc_set_output_format(encoder, CODEC_JPG), "format")
        check(lib.uhdr_encode(encoder), "encode")
        stream = lib.uhdr_get_encoded_stream(encoder).contents
        return ctypes.string_at(stream.data, stream.data_sz)
    finally:
        lib.uhdr_release_encoder(encoder)


def encode_from_gainmap(base_jpeg, gainmap_jpeg, metadata):
    """libultrahdr only writes the container: our base JPEG, our gain map JPEG, our metadata (linear form)."""
    lib = uhdr()
    encoder = lib.uhdr_create_encoder()
    try:
        base, base_keep = compressed(base_jpeg, CG_BT709)
        gain, gain_keep = compressed(gainmap_jpeg)
        meta = GainmapMetadata()
        for c in range(3):
            meta.max_content_boost[c] = 2 ** metadata["gainMapMax"][c]
            meta.min_content_boost[c] = 2 ** metadata["gainMapMin"][c]
            meta.gamma[c] = metadata["gamma"][c]
            meta.offset_sdr[c] = metadata["offsetSDR"][c]
            meta.offset_hdr[c] = metadata["offsetHDR"][c]
        meta.hdr_capacity_min = 2 ** metadata["hdrCapacityMin"]
        meta.hdr_capacity_max = 2 ** metadata["hdrCapacityMax"]
        meta.use_base_cg = 1
        check(lib.uhdr_enc_set_compressed_image(encoder, ctypes.byref(base), BASE_IMG), "set base")
        check(lib.uhdr_enc_set_gainmap_image(encoder, ctypes.byref(gain), ctypes.byref(meta)), "set gain map")
        check(lib.uhdr_enc_set_output_format(encoder, CODEC_JPG), "format")
        check(lib.uhdr_encode(encoder), "encode")
        stream = lib.uhdr_get_encoded_stream(encoder).contents
        return ctypes.string_at(stream.data, stream.data_sz)
    finally:
        lib.uhdr_release_encoder(encoder)


def decode(data, boost=None):
    """libultrahdr's decode: sizes, gain map metadata (log2 fields), and the linear HDR rendition (RGB
    float32, 1.0 = SDR white) at `boost` (default: the file's HDRCapacityMax, i.e. the full rendition)."""
    lib = uhdr()
    decoder = lib.uhdr_create_decoder()
    try:
        image, keep = compressed(data)
        check(lib.uhdr_dec_set_image(decoder, ctypes.byref(image)), "set image")
        check(lib.uhdr_dec_set_out_img_format(decoder, FMT_RGBA_HALF), "out format")
        check(lib.uhdr_dec_set_out_color_transfer(decoder, CT_LINEAR), "out transfer")
        # libultrahdr caps the display boost at the file's HDRCapacityMax: a large value gives the full rendition.
        check(lib.uhdr_dec_set_out_max_display_boost(decoder, boost if boost else 1.0e4), "boost")
        check(lib.uhdr_dec_probe(decoder), "probe")
        m = lib.uhdr_dec_get_gainmap_metadata(decoder).contents
        metadata = {
            "gainMapMin": [math.log2(m.min_content_boost[c]) for c in range(3)],
            "gainMapMax": [math.log2(m.max_content_boost[c]) for c in range(3)],
            "gamma": [m.gamma[c] for c in range(3)],
            "offsetSDR": [m.offset_sdr[c] for c in range(3)],
            "offsetHDR": [m.offset_hdr[c] for c in range(3)],
            "hdrCapacityMin": math.log2(m.hdr_capacity_min),
            "hdrCapacityMax": math.log2(m.hdr_capacity_max),
            "useBaseColorSpace": bool(m.use_base_cg),
        }
        info = {"width": lib.uhdr_dec_get_image_width(decoder), "height": lib.uhdr_dec_get_image_height(decoder),
                "gainMapWidth": lib.uhdr_dec_get_gainmap_width(decoder),
                "gainMapHeight": lib.uhdr_dec_get_gainmap_height(decoder), "metadata": metadata}
        check(lib.uhdr_decode(decoder), "decode")
        raw = lib.uhdr_get_decoded_image(decoder).contents
        stride = raw.stride[0]
        pixels = np.ctypeslib.as_array(ctypes.cast(raw.planes[0], ctypes.POINTER(ctypes.c_uint16)), shape=(raw.h, stride * 4))
        rgba = pixels.view(np.float16).reshape(raw.h, stride, 4)[:, :raw.w, :]
        return info, rgba[..., :3].astype(np.float32).copy()
    finally:
        lib.uhdr_release_decoder(decoder)


# ---------------------------------------------------------------- pictures


def srgb_to_linear(c):
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def linear_to_srgb(v):
    v = np.clip(v, 0, 1)
    return np.where(v <= 0.0031308, v * 12.92, 1.055 * v ** (1 / 2.4) - 0.055)


def photo(name, width=384, height=256):
    """A Samples photo, centre-cropped to width:height and box-reduced in linear light: linear RGB float."""
    with open(os.path.join(SAMPLES, name), "rb") as f:
        pixels = imagecodecs.jpeg8_decode(f.read())
    factor = min(pixels.shape[0] // height, pixels.shape[1] // width)
    top, left = (pixels.shape[0] - height * factor) // 2, (pixels.shape[1] - width * factor) // 2
    crop = srgb_to_linear(pixels[top:top + height * factor, left:left + width * factor, :3] / 255.0)
    return crop.reshape(height, factor, width, factor, 3).mean(axis=(1, 3))


def smoothstep(e0, e1, x):
    t = np.clip((x - e0) / (e1 - e0), 0, 1)
    return t * t * (3 - 2 * t)


def lifted(sdr_linear, boosts):
    """The HDR rendition: bright regions (sky, highlights) lifted up to `boosts` (per channel) times."""
    y = sdr_linear @ np.array([0.2126, 0.7152, 0.0722])
    mask = smoothstep(0.30, 0.85, y)[..., None]
    return sdr_linear * (1 + (np.array(boosts) - 1) * mask)


def encoded8(linear):
    return np.round(linear_to_srgb(linear) * 255).astype(np.uint8)


def box4(rgb):
    h, w = rgb.shape[0] // 4 * 4, rgb.shape[1] // 4 * 4
    return rgb[:h, :w].reshape(h // 4, 4, w // 4, 4, 3).mean(axis=(1, 3)).astype("<f4")


def exif_orientation(value):
    """A minimal big-endian EXIF block (with the Exif\\0\\0 prefix): IFD0 holding Orientation only."""
    tiff = b"MM\x00\x2a" + struct.pack(">I", 8) + struct.pack(">H", 1) + struct.pack(">HHIHH", 0x0112, 3, 1, value, 0) + struct.pack(">I", 0)
    return b"Exif\x00\x00" + tiff


# ---------------------------------------------------------------- JPEG segment surgery


def segments(data, start):
    """(marker, offset, total length) of the marker segments from SOI at `start` up to SOS (exclusive)."""
    assert data[start:start + 2] == b"\xff\xd8", "no SOI"
    out, i = [], start + 2
    while True:
        assert data[i] == 0xFF
        marker = data[i + 1]
        if marker == 0xDA:
            return out, i
        length = struct.unpack(">H", data[i + 2:i + 4])[0]
        out.append((marker, i, 2 + length))
        i += 2 + length


def mpf_images(data):
    """[(offset in file, size)] of every MP entry, from the MPF segment of the primary."""
    segs, _ = segments(data, 0)
    for marker, offset, length in segs:
        body = data[offset + 4:offset + length]
        if marker == 0xE2 and body.startswith(b"MPF\x00"):
            tiff = offset + 8
            endian = ">" if data[tiff:tiff + 2] == b"MM" else "<"
            ifd = tiff + struct.unpack(endian + "I", data[tiff + 4:tiff + 8])[0]
            count = struct.unpack(endian + "H", data[ifd:ifd + 2])[0]
            for k in range(count):
                tag, typ, n, value = struct.unpack(endian + "HHII", data[ifd + 2 + 12 * k:ifd + 14 + 12 * k])
                if tag == 0xB002:
                    entries = tiff + value
                    images = []
                    for e in range(n // 16):
                        attr, size, off, _, _ = struct.unpack(endian + "IIIHH", data[entries + 16 * e:entries + 16 * e + 16])
                        images.append((0 if off == 0 else tiff + off, size))
                    return images
    raise ValueError("no MPF segment")


def split(data):
    """(primary JPEG, gain map JPEG) of an MPF file."""
    images = mpf_images(data)
    (p_off, p_size), (g_off, g_size) = images[0], images[1]
    return data[p_off:p_off + p_size], data[g_off:g_off + g_size]


def without_segments(jpeg, predicate):
    segs, sos = segments(jpeg, 0)
    kept = b"".join(jpeg[o:o + n] for m, o, n in segs if not predicate(m, jpeg[o + 4:o + n]))
    return b"\xff\xd8" + kept + jpeg[sos:]


def app(marker, payload):
    return bytes([0xFF, marker]) + struct.pack(">H", len(payload) + 2) + payload


XMP_NS = b"http://ns.adobe.com/xap/1.0/\x00"
ISO_NS = b"urn:iso:std:iso:ts:21496:-1\x00"


def is_iso(marker, body):
    return marker == 0xE2 and body.startswith(ISO_NS)


def is_mpf(marker, body):
    return marker == 0xE2 and body.startswith(b"MPF\x00")


def mpf_segment(primary_size, gain_size, gain_offset):
    """APP2 MPF (CIPA DC-007): big-endian TIFF header, Index IFD (version, number of images, MP entries),
    two MP entries; offsets relative to the TIFF header (the byte after "MPF\\0")."""
    body = b"MM\x00\x2a" + struct.pack(">I", 8) + struct.pack(">H", 3)
    body += struct.pack(">HHI4s", 0xB000, 7, 4, b"0100")
    body += struct.pack(">HHII", 0xB001, 4, 1, 2)
    body += struct.pack(">HHII", 0xB002, 7, 32, 8 + 2 + 3 * 12 + 4)
    body += struct.pack(">I", 0)
    body += struct.pack(">IIIHH", 0x030000, primary_size, 0, 0, 0)
    body += struct.pack(">IIIHH", 0, gain_size, gain_offset, 0, 0)
    return app(0xE2, b"MPF\x00" + body)


def assemble(primary, gainmap, primary_extra=b"", gain_extra=b""):
    """primary SOI + `primary_extra` + MPF + the primary's own segments and scan, then gain map SOI +
    `gain_extra` + its segments and scan. MPF offsets are exact."""
    primary = without_segments(primary, is_mpf)
    gain = b"\xff\xd8" + gain_extra + gainmap[2:]
    mpf_length = len(mpf_segment(0, 0, 0))
    head = b"\xff\xd8" + primary_extra
    primary_size = len(head) + mpf_length + len(primary) - 2
    mpf_tiff = len(head) + 8
    whole = head + mpf_segment(primary_size, len(gain), primary_size - mpf_tiff) + primary[2:] + gain
    assert mpf_images(whole) == [(0, primary_size), (primary_size, len(gain))]
    return whole


def xmp_packet(description_attributes="", description_body="", namespaces=""):
    return (XMP_NS + ('<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="FullBleed fixture">'
                      '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
                      f'<rdf:Description rdf:about="" {namespaces} {description_attributes}>{description_body}</rdf:Description>'
                      '</rdf:RDF></x:xmpmeta>').encode())


HDRGM = 'xmlns:hdrgm="http://ns.adobe.com/hdr-gain-map/1.0/"'


def primary_xmp(gain_length):
    """Ultra HDR v1.0 primary XMP: hdrgm:Version and the GContainer directory (Primary, GainMap + length)."""
    body = ('<Container:Directory><rdf:Seq>'
            '<rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="Primary" Item:Mime="image/jpeg"/></rdf:li>'
            f'<rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="GainMap" Item:Mime="image/jpeg" Item:Length="{gain_length}"/></rdf:li>'
            '</rdf:Seq></Container:Directory>')
    ns = HDRGM + ' xmlns:Container="http://ns.google.com/photos/1.0/container/" xmlns:Item="http://ns.google.com/photos/1.0/container/item/"'
    return app(0xE1, xmp_packet('hdrgm:Version="1.0"', body, ns))


def fmt(value):
    return repr(float(value)) if isinstance(value, float) else str(value)


def gain_xmp_attributes(m, overrides=None):
    values = {"Version": "1.0", "GainMapMin": m["gainMapMin"][0], "GainMapMax": m["gainMapMax"][0], "Gamma": m["gamma"][0],
              "OffsetSDR": m["offsetSDR"][0], "OffsetHDR": m["offsetHDR"][0], "HDRCapacityMin": m["hdrCapacityMin"],
              "HDRCapacityMax": m["hdrCapacityMax"], "BaseRenditionIsHDR": "False"}
    values.update(overrides or {})
    attributes = " ".join(f'hdrgm:{k}="{fmt(v)}"' for k, v in values.items())
    return app(0xE1, xmp_packet(attributes, "", HDRGM))


def gain_xmp_sequences(m):
    """Per-channel values as rdf:Seq elements (the Ultra HDR 'ordered array of Reals' form)."""
    scalars = (f'hdrgm:Version="1.0" hdrgm:HDRCapacityMin="{fmt(m["hdrCapacityMin"])}" '
               f'hdrgm:HDRCapacityMax="{fmt(m["hdrCapacityMax"])}" hdrgm:BaseRenditionIsHDR="False"')
    body = ""
    for key, name in [("gainMapMin", "GainMapMin"), ("gainMapMax", "GainMapMax"), ("gamma", "Gamma"),
                      ("offsetSDR", "OffsetSDR"), ("offsetHDR", "OffsetHDR")]:
        items = "".join(f"<rdf:li>{fmt(v)}</rdf:li>" for v in m[key])
        body += f"<hdrgm:{name}><rdf:Seq>{items}</rdf:Seq></hdrgm:{name}>"
    return app(0xE1, xmp_packet(scalars, body, HDRGM))


def rewrap_as_xmp(data, gain_xmp):
    """The same base and gain map JPEG bytes, ISO boxes removed, Ultra HDR XMP added."""
    primary, gain = split(data)
    primary = without_segments(primary, is_iso)
    gain = without_segments(gain, is_iso)
    gain_with_xmp_length = len(gain) + len(gain_xmp)
    return assemble(primary, gain, primary_xmp(gain_with_xmp_length), gain_xmp)


# ---------------------------------------------------------------- generation

REFERENCES = {}


def write(name, data, reference=True):
    assert len(data) < 100_000, f"{name} is {len(data)} bytes"
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)
    if reference:
        info, hdr = decode(data)
        ref = box4(hdr)
        ref_name = name.replace(".jpg", ".ref.f32")
        with open(os.path.join(HERE, ref_name), "wb") as f:
            f.write(ref.tobytes())
        info.update({"reference": ref_name, "referenceWidth": ref.shape[1], "referenceHeight": ref.shape[0],
                     "referencePeak": float(hdr.max())})
        REFERENCES[name] = info
        print(f"{name}: {len(data)} bytes, {info['width']}x{info['height']}, map {info['gainMapWidth']}x{info['gainMapHeight']}, "
              f"HDRCapacityMax {info['metadata']['hdrCapacityMax']:.4f}, HDR peak {hdr.max():.3f}")
    else:
        print(f"{name}: {len(data)} bytes")


def generate():
    bridge = photo("lomiri_Bridge_by_Sander_Klootwijk.jpg")
    gray = encode_from_renditions(encoded8(bridge), lifted(bridge, (4, 4, 4)), CG_P3, multichannel=False)
    write("uhdr_gray_p3.jpg", gray)

    picture = photo("lomiri_Picture_0B_by_freespace.jpg")
    rgb = encode_from_renditions(encoded8(picture), lifted(picture, (2.5, 3, 4)), CG_BT709, multichannel=True)
    write("uhdr_rgb_srgb.jpg", rgb)

    # Orientation 6: the stored pixels are the upright picture turned 90 degrees counter-clockwise.
    friends = photo("lomiri_friends_by_Aitzol_Berasategi.jpg")
    stored = np.rot90(friends, 1)
    oriented = encode_from_renditions(encoded8(stored), lifted(stored, (3, 3, 3)), CG_BT709, multichannel=False,
                                      exif=exif_orientation(6))
    write("uhdr_orient6.jpg", oriented)

    # Our own RGB gain map (a diagonal ramp per channel) with distinct per-channel metadata: libultrahdr
    # writes the ISO 21496-1 box from these values.
    h, w = 64, 96
    yy, xx = np.mgrid[0:h, 0:w]
    ramp = np.stack([(xx * 255 // (w - 1)), (yy * 255 // (h - 1)), ((xx + yy) * 255 // (w + h - 2))], axis=-1).astype(np.uint8)
    per_channel = {"gainMapMin": [-0.5, 0.0, -0.25], "gainMapMax": [1.5, 2.0, 1.75], "gamma": [1.0, 2.0, 0.5],
                   "offsetSDR": [0.015625, 0.03125, 0.0], "offsetHDR": [0.015625, 0.0, 0.0625],
                   "hdrCapacityMin": 0.0, "hdrCapacityMax": 2.0}
    base_jpeg = imagecodecs.jpeg8_encode(encoded8(picture), level=90)
    map_jpeg = imagecodecs.jpeg8_encode(ramp, level=95)
    perchannel = encode_from_gainmap(base_jpeg, map_jpeg, per_channel)
    write("uhdr_iso_perchannel.jpg", perchannel)

    write("xmp_gray.jpg", rewrap_as_xmp(gray, gain_xmp_attributes(REFERENCES["uhdr_gray_p3.jpg"]["metadata"])))
    # libultrahdr 1.4 reads only the attribute form of hdrgm (it writes no per-channel XMP): this file's
    # reference is its ISO twin's, same base and gain map bytes.
    write("xmp_seq_rgb.jpg", rewrap_as_xmp(perchannel, gain_xmp_sequences(REFERENCES["uhdr_iso_perchannel.jpg"]["metadata"])),
          reference=False)
    REFERENCES["xmp_seq_rgb.jpg"] = dict(REFERENCES["uhdr_iso_perchannel.jpg"], sameAs="uhdr_iso_perchannel.jpg")

    # ISO box kept, a contradicting XMP added to the gain map: a reader that prefers ISO reads GainMapMax ~2.
    primary, gain = split(gray)
    contradicting = gain_xmp_attributes(REFERENCES["uhdr_gray_p3.jpg"]["metadata"], {"GainMapMax": 9.0, "HDRCapacityMax": 9.0})
    both = assemble(primary, gain, primary_xmp(len(gain) + len(contradicting)), contradicting)
    write("iso_and_xmp.jpg", both)

    hostile(gray)

    # FullBleed's own Ultra HDR output (UltraHDRWriteTests writes it with FULLBLEED_WRITE_HDR_FIXTURES=1):
    # libultrahdr's reading of it becomes a committed reference, so `make test` needs no Python.
    ours = os.path.join(HERE, "fullbleed_written.jpg")
    if os.path.exists(ours):
        with open(ours, "rb") as f:
            written = f.read()
        write("fullbleed_written.jpg", written)

    with open(os.path.join(HERE, "references.json"), "w") as f:
        json.dump(REFERENCES, f, indent=1, sort_keys=True)
        f.write("\n")


def hostile(gray):
    """HOSTILE: each must decode to its SDR image with a warning."""
    primary, gain = split(gray)
    segs, _ = segments(gray, 0)
    mpf = next((o, n) for m, o, n in segs if is_mpf(m, gray[o + 4:o + n]))
    # MPF whose Index IFD claims 3 entries but whose segment ends inside the first one.
    cut = bytearray(gray)
    short_length = 4 + 4 + 4 + 2 + 6  # MPF\0, TIFF header, entry count, half an entry
    struct.pack_into(">H", cut, mpf[0] + 2, short_length + 2)
    truncated = bytes(cut[:mpf[0] + 4 + short_length]) + bytes(cut[mpf[0] + mpf[1]:])
    write("bad_truncated_mpf.jpg", truncated, reference=False)

    # A gain map larger than the image (768x512 for 384x256).
    big = np.full((512, 768), 128, np.uint8)
    big_gain = gain[:segments(gain, 0)[1]]  # keep the ISO box: only the image is wrong
    iso = next(gain[o:o + n] for m, o, n in segments(gain, 0)[0] if is_iso(m, gain[o + 4:o + n]))
    write("bad_gainmap_larger.jpg", assemble(primary, imagecodecs.jpeg8_encode(big, level=50), gain_extra=iso), reference=False)
    del big_gain

    # XMP with GainMapMax below GainMapMin, and XMP with NaN text.
    bare_primary, bare_gain = without_segments(primary, is_iso), without_segments(gain, is_iso)
    meta = REFERENCES["uhdr_gray_p3.jpg"]["metadata"]
    for name, overrides in [("bad_xmp_max_below_min.jpg", {"GainMapMin": 1.5, "GainMapMax": 0.5}),
                            ("bad_xmp_nan.jpg", {"GainMapMax": "NaN", "HDRCapacityMax": "not-a-number"})]:
        xmp = gain_xmp_attributes(meta, overrides)
        write(name, assemble(bare_primary, bare_gain, primary_xmp(len(bare_gain) + len(xmp)), xmp), reference=False)

    # The MPF points at a secondary image the file does not contain (cut after the primary).
    write("bad_missing_secondary.jpg", gray[:len(gray) - len(gain)], reference=False)

    # The MPF points into the primary's scan data (not at an SOI).
    wrong = bytearray(gray)
    tiff = mpf[0] + 8
    entries = tiff + 8 + 2 + 3 * 12 + 4
    struct.pack_into(">I", wrong, entries + 16 + 8, len(primary) // 2 - tiff)
    write("bad_secondary_not_jpeg.jpg", bytes(wrong), reference=False)


def reference(path):
    with open(path, "rb") as f:
        data = f.read()
    info, hdr = decode(data)
    info["peak"] = float(hdr.max())
    out = path + ".uhdr.f32"
    box4(hdr).tofile(out)
    info["reference"] = out
    print(json.dumps(info, sort_keys=True))


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "generate":
        generate()
    elif len(sys.argv) == 3 and sys.argv[1] == "reference":
        reference(sys.argv[2])
    else:
        sys.exit(__doc__)
