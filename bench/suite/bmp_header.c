/* bmp_header.c -- BMP (Windows bitmap) file header and palette decoder.
 *
 * Models: the first stage of an image loader that is handed a whole file.
 * The 14-byte file header (magic "BM", file size, pixel-data offset) and the
 * 40-byte BITMAPINFOHEADER (width, height, planes, bits per pixel,
 * compression, image size, resolution, palette size) are decoded as
 * little-endian fields and checked against each other with linear
 * arithmetic: the row stride is (width * bpp + 31) / 32 * 4 for the bit
 * depths allowed, the pixel data must fit between its offset and the file
 * size, the palette must fit between the headers and the pixel data, and the
 * declared image size must match stride * |height| when it is given. The
 * loader then classifies the image (top-down or bottom-up, paletted or true
 * colour, square, landscape, portrait) and reads the first palette entries.
 *
 * Workload class: the MuSE paper's parsers: every byte of a small input file
 * symbolic, decisions that are linear over multi-byte fields.
 *
 * Symbolic inputs:
 *   file -- uint8_t[96], the whole file (no constraints).
 *
 * Planted bug:
 *   read_palette() bounds the palette by the number of colours the header
 *   declares ("clr_used", checked against the room before the pixel data)
 *   but indexes its 4-entry local table with the colour count minus one when
 *   clr_used is 5..8 and the image is 2 bits per pixel: a write past the end
 *   of `pal` (out-of-bounds write). Needs a consistent header: deep (about
 *   20 constrained bytes across several linear conditions).
 */
#include <stdint.h>
#include <symplex.h>

#define FILE_LEN 96
#define FILE_HDR 14
#define INFO_HDR 40

static uint32_t le16(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }
static uint32_t le32(const uint8_t *p) { return le16(p) | le16(p + 2) << 16; }

typedef struct Bmp {
    uint32_t file_size, data_off, width, bpp, compression, image_size, clr_used;
    int32_t height;
} Bmp;

static int decode(const uint8_t *f, Bmp *b) {
    if (f[0] != 'B' || f[1] != 'M') return 1;
    b->file_size = le32(f + 2);
    b->data_off = le32(f + 10);
    if (le32(f + 14) != INFO_HDR) return 2;
    b->width = le32(f + 18);
    b->height = (int32_t)le32(f + 22);
    if (le16(f + 26) != 1) return 3;
    b->bpp = le16(f + 28);
    b->compression = le32(f + 30);
    b->image_size = le32(f + 34);
    b->clr_used = le32(f + 46);
    if (b->file_size > FILE_LEN || b->file_size < FILE_HDR + INFO_HDR) return 4;
    if (b->data_off < FILE_HDR + INFO_HDR || b->data_off > b->file_size) return 5;
    return 0;
}

static int check_geometry(const Bmp *b) {
    if (b->width == 0 || b->width > 64) return 10;
    if (b->height == 0 || b->height > 64 || b->height < -64) return 11;
    if (b->bpp != 1 && b->bpp != 2 && b->bpp != 4 && b->bpp != 8 && b->bpp != 24) return 12;
    if (b->compression != 0) return 13;
    uint32_t stride = (b->width * b->bpp + 31) / 32 * 4;
    uint32_t rows = b->height < 0 ? (uint32_t)-b->height : (uint32_t)b->height;
    if (b->image_size != 0 && b->image_size != stride * rows) return 14;
    if (b->data_off + stride * rows > b->file_size + 4096) return 15;
    return 0;
}

static int check_palette(const Bmp *b) {
    if (b->bpp > 8) return b->clr_used == 0 ? 0 : 20;
    uint32_t max = 1u << b->bpp;
    if (b->clr_used > max * 4) return 21;
    uint32_t room = b->data_off - (FILE_HDR + INFO_HDR);
    if ((b->clr_used ? b->clr_used : max) * 4 > room) return 22;
    return 0;
}

static uint32_t read_palette(const uint8_t *f, const Bmp *b) {
    uint32_t pal[4] = {0, 0, 0, 0};
    uint32_t n = b->clr_used ? b->clr_used : 1u << b->bpp;
    if (b->bpp == 2 && n > 4 && n <= 8) {
        pal[n - 1] = 0xFFFFFF; /* BUG: a 2-bit image has 4 colours; clr_used may say 8 */
        n = 4;
    }
    uint32_t sum = 0;
    for (uint32_t i = 0; i < n && i < 4; i++) {
        const uint8_t *e = f + FILE_HDR + INFO_HDR + 4 * i;
        if (e + 3 >= f + FILE_LEN) break;
        pal[i] = (uint32_t)e[0] | (uint32_t)e[1] << 8 | (uint32_t)e[2] << 16;
        sum += pal[i] & 0xFF;
    }
    return sum + pal[0];
}

static int classify(const Bmp *b) {
    int k = b->height < 0 ? 100 : 200;
    int h = b->height < 0 ? -b->height : b->height;
    if ((int)b->width == h) k += 1;
    else if ((int)b->width > h) k += 2;
    else k += 3;
    if (b->bpp <= 8) k += 10;
    return k;
}

int main(void) {
    uint8_t file[FILE_LEN];
    symplex_make_symbolic(file, sizeof file, "file");
    Bmp b;
    int r = decode(file, &b);
    if (r) return r;
    if ((r = check_geometry(&b))) return r;
    if ((r = check_palette(&b))) return r;
    uint32_t p = b.bpp <= 8 ? read_palette(file, &b) : 0;
    return classify(&b) + (p & 1);
}
