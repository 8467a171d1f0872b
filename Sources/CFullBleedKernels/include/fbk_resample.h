#ifndef FBK_RESAMPLE_H
#define FBK_RESAMPLE_H

#include <stddef.h>

/* CFullBleedKernels: hot loops of FullBleedCore with an AVX2 build chosen at run time. Plain C, no
 * library: every function here computes, per output sample, exactly the operations of FullBleedCore's
 * portable Swift path, in the same order (a multiply, then an add; never a fused multiply-add), so the
 * results are bit-identical to it; only the number of samples per instruction changes. */

/* 1 when this CPU runs the AVX2 kernels (cpuid through __builtin_cpu_supports, asked once). */
int fbk_cpu_has_avx2(void);

/* The horizontal pass of the resampler for rows of 3 or 4 interleaved Float channels (working space,
 * premultiplied, any units: the filter only weighs them). For each output pixel x:
 * sum over its taps k of weights[x * stride + k] * input pixel (starts[x] + k), with taps dealt
 * round-robin into four 4-lane sums (the taps past the last multiple of four into the first), the sums
 * added as (s0 + s1) + (s2 + s3). For 3 channels each load reads one Float past the pixel: `input` must
 * have one Float of padding after the row. `output` gets output_size * channels Floats.
 * AVX2 (no FMA): two output pixels per 8-lane operation. Call only when fbk_cpu_has_avx2(). */
void fbk_convolve_rows_avx2(const float *input, float *output, ptrdiff_t output_size, ptrdiff_t channels,
                            const ptrdiff_t *starts, const ptrdiff_t *counts, const float *weights, ptrdiff_t stride);

/* The vertical pass: output[i] = w0 * rows[0][i], then for each group of four further rows
 * output[i] += (wa * a[i] + wb * b[i]) + (wc * c[i] + wd * d[i]), then output[i] += w * r[i] for each row
 * left; count 0 gives zeros. AVX2 (no FMA), eight samples per operation. Call only when fbk_cpu_has_avx2(). */
void fbk_weighted_sum_avx2(const float *const *rows, ptrdiff_t row_length, const float *weights, ptrdiff_t count,
                           float *output);

#endif
