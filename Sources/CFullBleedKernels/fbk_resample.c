#include "fbk_resample.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

/* No contraction: a * b + c stays a multiply and an add, like the Swift path. (The AVX2 functions are
 * built for "avx2" without "fma", so the compiler could not fuse them anyway.) */
#pragma STDC FP_CONTRACT OFF

#define FBK_AVX2 __attribute__((target("avx2")))

int fbk_cpu_has_avx2(void)
{
    static int cached = -1;
    int value = __atomic_load_n(&cached, __ATOMIC_RELAXED);
    if (value < 0) {
        __builtin_cpu_init();
        value = __builtin_cpu_supports("avx2") ? 1 : 0;
        __atomic_store_n(&cached, value, __ATOMIC_RELAXED);
    }
    return value;
}

/* Four Floats of `sum` into q: all four when the fourth belongs to a later pixel (3 channels, not the
 * last pixel) or to this one (4 channels), else three. */
FBK_AVX2 __attribute__((always_inline)) static inline void store_pixel(float *q, __m128 sum, ptrdiff_t channels, int room_for_four)
{
    if (channels == 4 || room_for_four) {
        _mm_storeu_ps(q, sum);
    } else {
        _mm_storel_pi((__m64 *)q, sum);
        _mm_store_ss(q + 2, _mm_movehl_ps(sum, sum));
    }
}

/* One output pixel with 4-lane operations: the portable path's order exactly. */
FBK_AVX2 __attribute__((always_inline)) static inline __m128 convolve_one(const float *p, const float *w, ptrdiff_t count, ptrdiff_t channels)
{
    __m128 s0 = _mm_setzero_ps(), s1 = _mm_setzero_ps(), s2 = _mm_setzero_ps(), s3 = _mm_setzero_ps();
    ptrdiff_t k = 0;
    for (; k + 4 <= count; k += 4, p += 4 * channels) {
        s0 = _mm_add_ps(s0, _mm_mul_ps(_mm_set1_ps(w[k]), _mm_loadu_ps(p)));
        s1 = _mm_add_ps(s1, _mm_mul_ps(_mm_set1_ps(w[k + 1]), _mm_loadu_ps(p + channels)));
        s2 = _mm_add_ps(s2, _mm_mul_ps(_mm_set1_ps(w[k + 2]), _mm_loadu_ps(p + 2 * channels)));
        s3 = _mm_add_ps(s3, _mm_mul_ps(_mm_set1_ps(w[k + 3]), _mm_loadu_ps(p + 3 * channels)));
    }
    for (; k < count; k++, p += channels)
        s0 = _mm_add_ps(s0, _mm_mul_ps(_mm_set1_ps(w[k]), _mm_loadu_ps(p)));
    return _mm_add_ps(_mm_add_ps(s0, s1), _mm_add_ps(s2, s3));
}

/* Lanes 0-3: pixel a, lanes 4-7: pixel b, both with `groups` full groups of four taps; then the
 * remainders ra and rb (0...3) into s0, the taps one of them has more applied to its half only (a
 * blend keeps the other half's sum as it was). Every lane sees the operations convolve_one does. */
FBK_AVX2 __attribute__((always_inline)) static inline __m256 convolve_two(const float *pa, const float *pb, const float *wa, const float *wb,
                                          ptrdiff_t groups, ptrdiff_t ra, ptrdiff_t rb, ptrdiff_t channels)
{
    __m256 s0 = _mm256_setzero_ps(), s1 = _mm256_setzero_ps(), s2 = _mm256_setzero_ps(), s3 = _mm256_setzero_ps();
    const ptrdiff_t step = 4 * channels;
    for (ptrdiff_t g = 0; g < groups; g++, pa += step, pb += step, wa += 4, wb += 4) {
        const __m256 w = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(wa)), _mm_loadu_ps(wb), 1);
        const __m256 v0 = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(pa)), _mm_loadu_ps(pb), 1);
        const __m256 v1 = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(pa + channels)), _mm_loadu_ps(pb + channels), 1);
        const __m256 v2 = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(pa + 2 * channels)), _mm_loadu_ps(pb + 2 * channels), 1);
        const __m256 v3 = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(pa + 3 * channels)), _mm_loadu_ps(pb + 3 * channels), 1);
        s0 = _mm256_add_ps(s0, _mm256_mul_ps(_mm256_permute_ps(w, 0x00), v0));
        s1 = _mm256_add_ps(s1, _mm256_mul_ps(_mm256_permute_ps(w, 0x55), v1));
        s2 = _mm256_add_ps(s2, _mm256_mul_ps(_mm256_permute_ps(w, 0xAA), v2));
        s3 = _mm256_add_ps(s3, _mm256_mul_ps(_mm256_permute_ps(w, 0xFF), v3));
    }
    const ptrdiff_t common = ra < rb ? ra : rb;
    ptrdiff_t k = 0;
    for (; k < common; k++, pa += channels, pb += channels) {
        const __m256 w = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_set1_ps(wa[k])), _mm_set1_ps(wb[k]), 1);
        const __m256 v = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(pa)), _mm_loadu_ps(pb), 1);
        s0 = _mm256_add_ps(s0, _mm256_mul_ps(w, v));
    }
    for (; k < ra; k++, pa += channels) {   /* a has more taps: lanes 0-3 only */
        const __m256 t = _mm256_add_ps(s0, _mm256_mul_ps(_mm256_set1_ps(wa[k]), _mm256_broadcast_ps((const __m128 *)pa)));
        s0 = _mm256_blend_ps(s0, t, 0x0F);
    }
    for (; k < rb; k++, pb += channels) {   /* b has more taps: lanes 4-7 only */
        const __m256 t = _mm256_add_ps(s0, _mm256_mul_ps(_mm256_set1_ps(wb[k]), _mm256_broadcast_ps((const __m128 *)pb)));
        s0 = _mm256_blend_ps(s0, t, 0xF0);
    }
    return _mm256_add_ps(_mm256_add_ps(s0, s1), _mm256_add_ps(s2, s3));
}

/* The row loop with `channels` a constant of each caller below, so every pixel offset is an immediate
 * (a run-time channel count costs a multiply per pointer and spills registers: measured no gain then). */
FBK_AVX2 __attribute__((always_inline)) static inline void
convolve_rows(const float *input, float *output, ptrdiff_t output_size, const ptrdiff_t channels,
              const ptrdiff_t *starts, const ptrdiff_t *counts, const float *weights, ptrdiff_t stride)
{
    ptrdiff_t x = 0;
    while (x < output_size) {
        const float *wa = weights + x * stride;
        const ptrdiff_t na = counts[x];
        if (x + 1 < output_size && (counts[x + 1] >> 2) == (na >> 2)) {
            const ptrdiff_t nb = counts[x + 1];
            const __m256 sum = convolve_two(input + starts[x] * channels, input + starts[x + 1] * channels,
                                            wa, wa + stride, na >> 2, na & 3, nb & 3, channels);
            float *q = output + x * channels;
            /* Pixel a first: its fourth Float (3 channels) is pixel b's first, written next. */
            store_pixel(q, _mm256_castps256_ps128(sum), channels, 1);
            store_pixel(q + channels, _mm256_extractf128_ps(sum, 1), channels, x + 2 < output_size);
            x += 2;
        } else {
            store_pixel(output + x * channels, convolve_one(input + starts[x] * channels, wa, na, channels),
                        channels, x + 1 < output_size);
            x += 1;
        }
    }
}

FBK_AVX2 void fbk_convolve_rows_avx2(const float *input, float *output, ptrdiff_t output_size, ptrdiff_t channels,
                                     const ptrdiff_t *starts, const ptrdiff_t *counts, const float *weights, ptrdiff_t stride)
{
    if (channels == 4)
        convolve_rows(input, output, output_size, 4, starts, counts, weights, stride);
    else
        convolve_rows(input, output, output_size, 3, starts, counts, weights, stride);
}

FBK_AVX2 void fbk_weighted_sum_avx2(const float *const *rows, ptrdiff_t row_length, const float *weights, ptrdiff_t count,
                                    float *output)
{
    ptrdiff_t i;
    if (count <= 0) {
        for (i = 0; i < row_length; i++) output[i] = 0;
        return;
    }
    {
        const float *r0 = rows[0];
        const __m256 w0 = _mm256_set1_ps(weights[0]);
        for (i = 0; i + 8 <= row_length; i += 8)
            _mm256_storeu_ps(output + i, _mm256_mul_ps(w0, _mm256_loadu_ps(r0 + i)));
        for (; i < row_length; i++) output[i] = weights[0] * r0[i];
    }
    ptrdiff_t k = 1;
    for (; k + 4 <= count; k += 4) {
        const float *a = rows[k], *b = rows[k + 1], *c = rows[k + 2], *d = rows[k + 3];
        const float fa = weights[k], fb = weights[k + 1], fc = weights[k + 2], fd = weights[k + 3];
        const __m256 wa = _mm256_set1_ps(fa), wb = _mm256_set1_ps(fb), wc = _mm256_set1_ps(fc), wd = _mm256_set1_ps(fd);
        for (i = 0; i + 8 <= row_length; i += 8) {
            const __m256 ab = _mm256_add_ps(_mm256_mul_ps(wa, _mm256_loadu_ps(a + i)), _mm256_mul_ps(wb, _mm256_loadu_ps(b + i)));
            const __m256 cd = _mm256_add_ps(_mm256_mul_ps(wc, _mm256_loadu_ps(c + i)), _mm256_mul_ps(wd, _mm256_loadu_ps(d + i)));
            _mm256_storeu_ps(output + i, _mm256_add_ps(_mm256_loadu_ps(output + i), _mm256_add_ps(ab, cd)));
        }
        for (; i < row_length; i++) {
            const float ab = fa * a[i] + fb * b[i];
            const float cd = fc * c[i] + fd * d[i];
            output[i] += ab + cd;
        }
    }
    for (; k < count; k++) {
        const float *a = rows[k];
        const float fa = weights[k];
        const __m256 wa = _mm256_set1_ps(fa);
        for (i = 0; i + 8 <= row_length; i += 8)
            _mm256_storeu_ps(output + i, _mm256_add_ps(_mm256_loadu_ps(output + i), _mm256_mul_ps(wa, _mm256_loadu_ps(a + i))));
        for (; i < row_length; i++) output[i] += fa * a[i];
    }
}

#else

int fbk_cpu_has_avx2(void) { return 0; }

void fbk_convolve_rows_avx2(const float *input, float *output, ptrdiff_t output_size, ptrdiff_t channels,
                            const ptrdiff_t *starts, const ptrdiff_t *counts, const float *weights, ptrdiff_t stride)
{
    (void)input; (void)output; (void)output_size; (void)channels; (void)starts; (void)counts; (void)weights; (void)stride;
    __builtin_trap();   /* unreachable: fbk_cpu_has_avx2() is 0 here */
}

void fbk_weighted_sum_avx2(const float *const *rows, ptrdiff_t row_length, const float *weights, ptrdiff_t count,
                           float *output)
{
    (void)rows; (void)row_length; (void)weights; (void)count; (void)output;
    __builtin_trap();   /* unreachable: fbk_cpu_has_avx2() is 0 here */
}

#endif
