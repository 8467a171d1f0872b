/*
 * vips_hero: the benchmark's hero job (Pipelines/bench-parity.json) written against the libvips C API
 * the way a libvips expert would write it, so `make bench` compares FullBleed with libvips at its best.
 *
 *   vips_hero OUTDIR FILE...
 *
 * For each FILE: vips_thumbnail (shrink-on-load, EXIF auto-rotation, centre crop to 1290x726 pixels),
 * EXIF/XMP/IPTC dropped but the ICC profile kept, the 1290 image materialised in memory once, then
 * JPEG q82 progressive (optimised Huffman) + WebP q80 (default effort 4) for 1290x726, and 860x484 and
 * 430x242 reduced from the in-memory 1290 image (vips_resize, default Lanczos3), each saved the same way.
 * Outputs: OUTDIR/<file name>-<width>.jpg and .webp. Exit status 1 if any file failed.
 *
 * Build: gcc -O2 -o vips_hero vips_hero.c $(pkg-config --cflags --libs vips)
 */
#include <stdio.h>
#include <string.h>
#include <vips/vips.h>

static void *collect_metadata_field(VipsImage *image, const char *field, GValue *value, void *names)
{
    (void)image;
    (void)value;
    if (vips_isprefix("exif-", field) || !strcmp(field, "jpeg-thumbnail-data") ||
        !strcmp(field, "xmp-data") || !strcmp(field, "iptc-data"))
        *(GSList **)names = g_slist_prepend(*(GSList **)names, g_strdup(field));
    return NULL;
}

/* libvips 8.14 has no "keep" save option, and "strip" would drop the ICC profile too, so the EXIF
 * blob, its parsed exif-* fields and EXIF thumbnail (jpegsave/webpsave rebuild EXIF from them), XMP and
 * IPTC are removed.
 * The savers still write a minimal EXIF block (resolution, pixel dimensions, orientation 1): no camera
 * data, and 8.14 has no way to avoid it while keeping the ICC profile. */
static void drop_metadata_except_icc(VipsImage *image)
{
    GSList *names = NULL;
    vips_image_map(image, collect_metadata_field, &names);
    for (GSList *name = names; name; name = name->next)
        vips_image_remove(image, name->data);
    g_slist_free_full(names, g_free);
}

static int save_pair(VipsImage *image, const char *outdir, const char *name, int width)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s-%d.jpg", outdir, name, width);
    if (vips_jpegsave(image, path, "Q", 82, "interlace", TRUE, "optimize_coding", TRUE, NULL))
        return -1;
    snprintf(path, sizeof path, "%s/%s-%d.webp", outdir, name, width);
    if (vips_webpsave(image, path, "Q", 80, NULL))
        return -1;
    return 0;
}

static int hero(const char *file, const char *outdir)
{
    static const int widths[] = { 860, 430 };
    static const int heights[] = { 484, 242 };
    const char *slash = strrchr(file, '/');
    const char *name = slash ? slash + 1 : file;
    VipsImage *thumbnail = NULL, *largest = NULL;
    int status = -1;

    if (vips_thumbnail(file, &thumbnail, 1290, "height", 726, "crop", VIPS_INTERESTING_CENTRE, NULL))
        goto done;
    /* One decode: the smaller widths are reduced from this in-memory copy. */
    if (!(largest = vips_image_copy_memory(thumbnail)))
        goto done;
    drop_metadata_except_icc(largest);
    if (save_pair(largest, outdir, name, 1290))
        goto done;
    for (int i = 0; i < 2; i++) {
        VipsImage *smaller = NULL;
        if (vips_resize(largest, &smaller, (double)widths[i] / 1290.0,
                        "vscale", (double)heights[i] / 726.0, NULL))
            goto done;
        int saved = save_pair(smaller, outdir, name, widths[i]);
        g_object_unref(smaller);
        if (saved)
            goto done;
    }
    status = 0;
done:
    if (status)
        fprintf(stderr, "vips_hero: %s: %s", file, vips_error_buffer());
    vips_error_clear();
    if (largest)
        g_object_unref(largest);
    if (thumbnail)
        g_object_unref(thumbnail);
    return status;
}

int main(int argc, char **argv)
{
    if (VIPS_INIT(argv[0]))
        vips_error_exit(NULL);
    if (argc < 3) {
        fprintf(stderr, "usage: vips_hero OUTDIR FILE...\n");
        return 2;
    }
    int failed = 0;
    for (int i = 2; i < argc; i++)
        failed |= hero(argv[i], argv[1]) != 0;
    vips_shutdown();
    return failed;
}
