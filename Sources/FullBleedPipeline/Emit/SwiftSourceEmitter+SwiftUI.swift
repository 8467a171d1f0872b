/// The SwiftUI part of the generated file: colours and the scrim gradient wherever SwiftUI exists, and on
/// iOS the iOS 26 edge-to-edge hero recipe as `HeroHeader` (and `fullBleedHero(_:title:)` for a scroll
/// view of one's own).
///
/// It compiles with the iOS 18 SDK and the iOS 26 SDK: iOS 26 API (`scrollEdgeEffectStyle(_:for:)`,
/// `backgroundExtensionEffect()`) sits inside `#if compiler(>=6.2)` (Xcode 26, the first with the iOS 26
/// SDK, ships Swift 6.2) and `if #available(iOS 26.0, *)` at run time; the rest needs iOS 18
/// (`onScrollGeometryChange(for:of:action:)`). The numbers it uses come from the platform-independent
/// core (`Target.collapseProgress`, `stretchScale`, `showsInlineTitle`, `Hero.target(for:widthPoints:)`),
/// which the tests compile and run; the SwiftUI declarations are type-checked against a stub of Apple's
/// documented signatures (`Tests/Fixtures/swiftui-stub`).
extension SwiftSourceEmitter {
    static func swiftUISupport(type: String) -> String {
        """

        #if canImport(SwiftUI)
        import SwiftUI

        extension \(type).RGBA {
            /// The colour as a SwiftUI colour (sRGB).
            public var color: Color { Color(.sRGB, red: red, green: green, blue: blue, opacity: alpha) }
        }

        extension \(type).ToolbarColorScheme {
            /// The same scheme as SwiftUI's `ColorScheme`.
            public var swiftUI: ColorScheme { self == .dark ? .dark : .light }
        }

        extension \(type).Scrim {
            /// The scrim as a top-to-bottom gradient; frame it `heightPoints` tall at the top of the hero.
            public var gradient: LinearGradient {
                LinearGradient(stops: stops.map { Gradient.Stop(color: color.color.opacity($0.opacity), location: $0.location) },
                               startPoint: .top, endPoint: .bottom)
            }
        }

        #if os(iOS)
        import Foundation
        import UIKit

        extension \(type).Idiom {
            /// The running device's idiom: `.iphone` on iPhone, `.ipad` on iPad; nil on any other idiom (Mac,
            /// Vision), where `Hero.target(for:widthPoints:)` chooses by width alone.
            @MainActor public static var current: \(type).Idiom? {
                switch UIDevice.current.userInterfaceIdiom {
                case .phone: return .iphone
                case .pad: return .ipad
                default: return nil
                }
            }
        }

        /// The iOS 26 edge-to-edge hero: a scroll view whose content starts with the hero, running under the
        /// status bar and the toolbar (`.ignoresSafeArea(edges: .top)`), mirrored under the iPad sidebar
        /// (`backgroundExtensionEffect()`, iOS 26), stretching from its bottom edge when pulled down (up to
        /// the layout's `maximumStretch`, the headroom the delivered image has), with the recommended scrim
        /// under the bars fading out as the hero scrolls away, the inline title appearing once the hero has
        /// scrolled under the toolbar (`collapseOffsetPoints`), the recommended toolbar colour scheme over
        /// the hero and the recommended scroll edge effect (iOS 26). The recommendation is the running
        /// device's: its idiom and the width the view is given (`Hero.target(for:widthPoints:)`). Put it in
        /// a `NavigationStack` (or a `NavigationSplitView` detail column).
        @available(iOS 18.0, *)
        public struct HeroHeader<Content: View>: View {
            public var hero: \(type).Hero
            public var title: String
            private let content: Content
            /// Scroll offset of the content, points: 0 at rest, negative while pulled down.
            @State private var offsetPoints: Double = 0
            /// Width the view is given, points (the detail column on iPad).
            @State private var widthPoints: Double = 0

            public init(_ hero: \(type).Hero, title: String, @ViewBuilder content: () -> Content) {
                self.hero = hero
                self.title = title
                self.content = content()
            }

            public var body: some View {
                let target = hero.target(for: \(type).Idiom.current, widthPoints: widthPoints)
                ScrollView {
                    VStack(spacing: 0) {
                        FullBleedHeroImage(target: target, scale: target?.stretchScale(scrollOffsetPoints: offsetPoints) ?? 1)
                        content
                    }
                }
                .modifier(FullBleedScrollModifier(target: target, title: title, offsetPoints: $offsetPoints, widthPoints: $widthPoints))
            }
        }

        /// Applies a hero's recommendation to a scroll view of one's own whose content starts with the hero
        /// image: see `HeroHeader` (everything but the image: apply `backgroundExtensionEffect()` and the
        /// stretch to it yourself).
        @available(iOS 18.0, *)
        public struct FullBleedHeroModifier: ViewModifier {
            public var hero: \(type).Hero
            public var title: String?
            @State private var offsetPoints: Double = 0
            @State private var widthPoints: Double = 0

            public init(_ hero: \(type).Hero, title: String? = nil) {
                self.hero = hero
                self.title = title
            }

            public func body(content: Content) -> some View {
                content.modifier(FullBleedScrollModifier(target: hero.target(for: \(type).Idiom.current, widthPoints: widthPoints),
                                                         title: title, offsetPoints: $offsetPoints, widthPoints: $widthPoints))
            }
        }

        @available(iOS 18.0, *)
        extension View {
            /// Applies `hero`'s recommendation for the running device to this scroll view; see `FullBleedHeroModifier`.
            public func fullBleedHero(_ hero: \(type).Hero, title: String? = nil) -> some View {
                modifier(FullBleedHeroModifier(hero, title: title))
            }
        }

        extension \(type).Target {
            /// The target's Ultra HDR hero from the main bundle (`hdrResourceName`), read as HDR where the
            /// device can show it (`UIImageReader` with `prefersHighDynamicRange`); nil for an SDR hero or
            /// when the file is not in the bundle (add the emit folder's `HDR` folder to the app target).
            public static func hdrImage(named name: String?) async -> UIImage? {
                guard let name, let url = Bundle.main.url(forResource: name, withExtension: nil) else { return nil }
                var configuration = UIImageReader.Configuration()
                configuration.prefersHighDynamicRange = true
                return await UIImageReader(configuration: configuration).image(contentsOf: url)
            }
        }

        /// The hero image, `heroHeightPoints` tall and as wide as it is given, filled and clipped, mirrored
        /// under the sidebar on iOS 26, scaled by `scale` from its bottom edge (the stretchy header). An HDR
        /// hero shows its Ultra HDR file once read, with `allowedDynamicRange(.constrainedHigh)` (Apple's
        /// advice for HDR next to ordinary interface), and the catalog's SDR image until then.
        @available(iOS 18.0, *)
        struct FullBleedHeroImage: View {
            var target: \(type).Target?
            var scale: Double
            @State private var hdrImage: UIImage?

            var body: some View {
                if let target, let name = target.drawnImageName {
                    Color.clear
                        .frame(height: target.heroHeightPoints)
                        .frame(maxWidth: .infinity)
                        .overlay {
                            if let hdrImage {
                                Image(uiImage: hdrImage)
                                    .resizable()
                                    .allowedDynamicRange(.constrainedHigh)
                                    .scaledToFill()
                            } else {
                                Image(name)
                                    .resizable()
                                    .scaledToFill()
                            }
                        }
                        .clipped()
                        .modifier(FullBleedBackgroundExtension())
                        .scaleEffect(scale, anchor: .bottom)
                        .task(id: target.hdrResourceName) {
                            hdrImage = await \(type).Target.hdrImage(named: target.hdrResourceName)
                        }
                }
            }
        }

        /// Everything a hero needs from its scroll view: under the top bars, the offset and width tracked,
        /// the scrim fading, the inline title, the toolbar scheme and the scroll edge style.
        @available(iOS 18.0, *)
        struct FullBleedScrollModifier: ViewModifier {
            var target: \(type).Target?
            var title: String?
            @Binding var offsetPoints: Double
            @Binding var widthPoints: Double

            func body(content: Content) -> some View {
                let progress = target?.collapseProgress(scrollOffsetPoints: offsetPoints) ?? 1
                let collapsed = target?.showsInlineTitle(scrollOffsetPoints: offsetPoints) ?? true
                let toolbar = target?.toolbar
                content
                    .ignoresSafeArea(edges: .top)
                    .onScrollGeometryChange(for: Double.self) { geometry in
                        Double(geometry.contentOffset.y + geometry.contentInsets.top)
                    } action: { _, newValue in
                        offsetPoints = newValue
                    }
                    .onGeometryChange(for: Double.self) { proxy in
                        Double(proxy.size.width)
                    } action: { newValue in
                        widthPoints = newValue
                    }
                    .overlay(alignment: .top) {
                        if let scrim = toolbar?.scrim {
                            scrim.gradient
                                .frame(height: scrim.heightPoints)
                                .opacity(1 - progress)
                                .ignoresSafeArea(edges: .top)
                                .allowsHitTesting(false)
                        }
                    }
                    .navigationTitle(collapsed ? (title ?? "") : "")
                    .navigationBarTitleDisplayMode(.inline)
                    .toolbarColorScheme(collapsed ? nil : toolbar?.colorScheme.swiftUI, for: .navigationBar)
                    .modifier(FullBleedScrollEdge(style: toolbar?.scrollEdgeStyle))
            }
        }

        /// `scrollEdgeEffectStyle(_:for:)` at the top on iOS 26 (built with the iOS 26 SDK); nothing before.
        @available(iOS 18.0, *)
        struct FullBleedScrollEdge: ViewModifier {
            var style: \(type).ScrollEdgeStyle?

            func body(content: Content) -> some View {
                #if compiler(>=6.2)
                if #available(iOS 26.0, *) {
                    content.scrollEdgeEffectStyle(style.map { $0 == .hard ? ScrollEdgeEffectStyle.hard : ScrollEdgeEffectStyle.soft }, for: .top)
                } else {
                    content
                }
                #else
                content
                #endif
            }
        }

        /// `backgroundExtensionEffect()` on iOS 26 (built with the iOS 26 SDK): mirrored copies under the
        /// sidebar; before, the image alone (the iOS 18 sidebar is opaque).
        @available(iOS 18.0, *)
        struct FullBleedBackgroundExtension: ViewModifier {
            func body(content: Content) -> some View {
                #if compiler(>=6.2)
                if #available(iOS 26.0, *) {
                    content.backgroundExtensionEffect()
                } else {
                    content
                }
                #else
                content
                #endif
            }
        }
        #endif
        #endif

        """
    }
}
