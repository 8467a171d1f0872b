import FullBleedCodecs
import FullBleedCore
import FullBleedImage
import FullBleedTestSupport

/// Test images for the face detector, all made at run time from corpus files.
///
/// Composites paste the astronaut's head (cut from `photos/sk_astronaut.png` with a feathered elliptical
/// mask) into face-free corpus photos reduced to 960 px on the long side, the working size the detector's
/// measurements were made at (docs/subjects.md, "Face detection"); Tests/Faces/evaluate.py builds the larger set.
enum FaceFixtures {
    /// The astronaut's face, hand-judged on the 512x512 original: brows to chin, cheek to cheek.
    static let astronautFace = PixelRect(x: 174, y: 76, width: 96, height: 104)
    /// The region cut around her head (hair included) for compositing.
    static let astronautHead = PixelRect(x: 140, y: 20, width: 165, height: 195)

    /// Corpus photos with no human face (nor a pet's).
    static let faceFree = [
        "photos/lomiri_Bridge_by_Sander_Klootwijk.jpg", "photos/lomiri_Dragonfly_by_Bolly.jpg",
        "photos/lomiri_Picture_0B_by_freespace.jpg", "photos/lomiri_Picture_1A_by_freespace.jpg",
        "photos/lomiri_aitzgorri_by_Aitzol_Berasategi.jpg", "photos/lomiri_free_by_Peter_Nerlich.jpg",
        "photos/lomiri_life_by_Aitzol_Berasategi.jpg", "photos/mate_LadyBird.jpg", "photos/plasma_BytheWater.jpg",
        "photos/plasma_ColdRipple.jpg", "photos/plasma_EveningGlow.jpg", "photos/plasma_FallenLeaf.jpg",
        "photos/sk_retina.jpg",
    ]

    /// A corpus file decoded as 8-bit RGB.
    static func decode(_ file: String) throws -> Image {
        let image = try Codecs.decode(TestPaths.bytes(TestPaths.corpusFile(file))).image
        return image.encoded(as: .uint8).converted(toLayout: .rgb)
    }

    /// A corpus photo reduced (Lanczos3) to `longSide` pixels on its long side.
    static func background(_ file: String, longSide: Int = 960) throws -> Image {
        let image = try decode(file)
        let scale = Double(longSide) / Double(max(image.width, image.height))
        guard scale < 1 else { return image }
        let size = PixelSize(width: Int((Double(image.width) * scale).rounded()), height: Int((Double(image.height) * scale).rounded()))
        return image.resized(to: size)
    }

    /// `background` with the astronaut's head pasted so that her face box is `faceWidth` px wide with
    /// its top-left corner at `faceOrigin`; returns the composite and the face box in its pixels.
    static func composite(into background: Image, faceWidth: Int, faceOrigin: (x: Int, y: Int)) throws -> (Image, PixelRect) {
        let astronaut = try decode("photos/sk_astronaut.png")
        let scale = Double(faceWidth) / Double(astronautFace.width)
        let headSize = PixelSize(width: Int((Double(astronautHead.width) * scale).rounded()),
                                 height: Int((Double(astronautHead.height) * scale).rounded()))
        let head = astronaut.resized(to: headSize, from: astronautHead)
        let face = PixelRect(x: faceOrigin.x, y: faceOrigin.y, width: faceWidth,
                             height: Int((Double(astronautFace.height) * scale).rounded()))
        // Where the head's top-left corner lands in the background.
        let headX = faceOrigin.x - Int((Double(astronautFace.x - astronautHead.x) * scale).rounded())
        let headY = faceOrigin.y - Int((Double(astronautFace.y - astronautHead.y) * scale).rounded())
        var out = background
        let bw = background.width, bh = background.height
        let hw = head.width, hh = head.height
        let feather = max(2.0, Double(hw) * 0.04)
        head.withUnsafeSamples(as: UInt8.self) { src in
            out.withUnsafeMutableSamples(as: UInt8.self) { dst in
                for y in 0..<hh {
                    let by = headY + y
                    guard by >= 0 && by < bh else { continue }
                    for x in 0..<hw {
                        let bx = headX + x
                        guard bx >= 0 && bx < bw else { continue }
                        // Elliptical mask over the head, feathered over `feather` px at its rim.
                        let nx = (Double(x) + 0.5 - Double(hw) / 2) / (Double(hw) / 2)
                        let ny = (Double(y) + 0.5 - Double(hh) / 2) / (Double(hh) / 2)
                        let rim = (1 - (nx * nx + ny * ny).squareRoot()) * Double(min(hw, hh)) / 2
                        let alpha = max(0, min(1, rim / feather))
                        guard alpha > 0 else { continue }
                        for c in 0..<3 {
                            let s = Double(src[(y * hw + x) * 3 + c]), d = Double(dst[(by * bw + bx) * 3 + c])
                            dst[(by * bw + bx) * 3 + c] = UInt8((s * alpha + d * (1 - alpha)).rounded())
                        }
                    }
                }
            }
        }
        return (out, face)
    }

    /// Intersection over union of two boxes (0 when either is empty).
    static func iou(_ a: PixelRect, _ b: PixelRect) -> Double {
        let w = max(0, min(a.maxX, b.maxX) - max(a.x, b.x)), h = max(0, min(a.maxY, b.maxY) - max(a.y, b.y))
        let inter = Double(w * h)
        let union = Double(a.width * a.height + b.width * b.height) - inter
        return union > 0 ? inter / union : 0
    }
}
