// A stub of exactly the SwiftUI declarations the generated Heroes.swift uses, so the tests can run
// `swiftc -typecheck` on it here (Linux has no SwiftUI). Each signature is copied from Apple's
// documentation, cited next to it; bodies are placeholders and never run. Compiled twice:
//   -D FULLBLEED_STUB_IOS26  the iOS 26 SDK (adds scrollEdgeEffectStyle(_:for:), ScrollEdgeEffectStyle,
//                            backgroundExtensionEffect());
//   (no flag)                the iOS 18 SDK: those declarations do not exist, so using them outside
//                            `#if compiler(>=6.2)` fails to type-check.
// Availability is written as documented; a Linux target does not enforce iOS availability, so the test
// checks the `#available(iOS 26.0, *)` guards separately.
// Not part of any build product: the test compiles it with swiftc into a module named SwiftUI.
// View types are declared `nonisolated` (as LinearGradient and ScrollView are documented): SwiftUI declares
// their View conformances so that they are not main-actor isolated; a stub conforming in the type
// declaration would otherwise infer @MainActor from the protocol.
@_exported import Foundation   // CGFloat, CGPoint, CGSize (CoreGraphics on Apple platforms)
import UIKit                   // UIImage, for Image(uiImage:) (the stub UIKit, compiled first)

// MARK: - Views and builders

/// https://developer.apple.com/documentation/swiftui/view
/// `@MainActor @preconcurrency protocol View`; `associatedtype Body : View`;
/// `@ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }` (…/view/body-8kl5o)
@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// https://developer.apple.com/documentation/swiftui/view (Conforming Types: Never, the Body of primitive views)
extension Never: View {
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/viewmodifier
/// `@MainActor @preconcurrency protocol ViewModifier`; `associatedtype Body : View`;
/// `typealias Content = _ViewModifier_Content<Self>`;
/// `@ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body`
@MainActor @preconcurrency public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
}

/// https://developer.apple.com/documentation/swiftui/_viewmodifier_content
/// `@MainActor @preconcurrency struct _ViewModifier_Content<Modifier> where Modifier : ViewModifier` (a View)
@MainActor @preconcurrency public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/viewbuilder
/// `@resultBuilder struct ViewBuilder`
@resultBuilder public struct ViewBuilder {
    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildexpression(_:)
    /// `static func buildExpression<Content>(_ content: Content) -> Content where Content : View`
    public static func buildExpression<Content>(_ content: Content) -> Content where Content: View { content }
    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock()
    /// `static func buildBlock() -> EmptyView`
    public static func buildBlock() -> EmptyView { EmptyView() }
    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)
    /// `static func buildBlock<Content>(_ content: Content) -> Content where Content : View`
    public static func buildBlock<Content>(_ content: Content) -> Content where Content: View { content }
    /// https://developer.apple.com/documentation/swiftui/viewbuilder (variadic overload, iOS 17)
    /// `static func buildBlock<each Content>(_ content: repeat each Content) -> TupleView<(repeat each Content)> where repeat each Content : View`
    public static func buildBlock<each Content>(_ content: repeat each Content) -> TupleView<(repeat each Content)> where repeat each Content: View {
        TupleView((repeat each content))
    }
    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildif(_:)
    /// `static func buildIf<Content>(_ content: Content?) -> Content? where Content : View`
    public static func buildIf<Content>(_ content: Content?) -> Content? where Content: View { content }
    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(first:)
    /// `static func buildEither<TrueContent, FalseContent>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> where TrueContent : View, FalseContent : View`
    public static func buildEither<TrueContent, FalseContent>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> where TrueContent: View, FalseContent: View {
        _ConditionalContent()
    }
    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(second:)
    /// `static func buildEither<TrueContent, FalseContent>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> where TrueContent : View, FalseContent : View`
    public static func buildEither<TrueContent, FalseContent>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> where TrueContent: View, FalseContent: View {
        _ConditionalContent()
    }
    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildlimitedavailability(_:)
    /// `static func buildLimitedAvailability<Content>(_ content: Content) -> AnyView where Content : View` (iOS 14)
    @available(iOS 14.0, *)
    public static func buildLimitedAvailability<Content>(_ content: Content) -> AnyView where Content: View { AnyView(content) }
}

/// https://developer.apple.com/documentation/swiftui/view (Conforming Types: Optional, when Wrapped conforms)
extension Optional: View where Wrapped: View {
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/emptyview — `@frozen struct EmptyView`
nonisolated public struct EmptyView: View {
    public init() {}
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/tupleview — `@frozen struct TupleView<T>`
nonisolated public struct TupleView<T>: View {
    public var value: T
    public init(_ value: T) { self.value = value }
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/_conditionalcontent
/// `@frozen struct _ConditionalContent<TrueContent, FalseContent>` (a View when both are)
nonisolated public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/anyview — `@frozen struct AnyView`;
/// `init<V>(_ view: V) where V : View`
nonisolated public struct AnyView: View {
    public init<V>(_ view: V) where V: View {}
    public var body: Never { fatalError() }
}

// MARK: - State

/// https://developer.apple.com/documentation/swiftui/state
/// `@frozen @propertyWrapper struct State<Value>`; `init(wrappedValue value: Value)`;
/// `var wrappedValue: Value { get nonmutating set }`; `var projectedValue: Binding<Value> { get }`
@propertyWrapper public struct State<Value> {
    public init(wrappedValue value: Value) {}
    public var wrappedValue: Value { get { fatalError() } nonmutating set {} }
    public var projectedValue: Binding<Value> { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/binding
/// `@frozen @propertyWrapper @dynamicMemberLookup struct Binding<Value>`;
/// `var wrappedValue: Value { get nonmutating set }`; `var projectedValue: Binding<Value> { get }`;
/// `init(get: @escaping () -> Value, set: @escaping (Value) -> Void)` (…/binding/init(get:set:))
@propertyWrapper public struct Binding<Value> {
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {}
    public var wrappedValue: Value { get { fatalError() } nonmutating set {} }
    public var projectedValue: Binding<Value> { self }
}

// MARK: - Geometry values

/// https://developer.apple.com/documentation/swiftui/unitpoint — `@frozen struct UnitPoint`;
/// `static let top: UnitPoint`, `static let bottom: UnitPoint`, `static let center: UnitPoint`
public struct UnitPoint: Sendable {
    public static let top = UnitPoint()
    public static let bottom = UnitPoint()
    public static let center = UnitPoint()
}

/// https://developer.apple.com/documentation/swiftui/alignment — `@frozen struct Alignment`;
/// `static let top: Alignment`, `static let center: Alignment`
public struct Alignment: Sendable {
    public static let top = Alignment()
    public static let center = Alignment()
}

/// https://developer.apple.com/documentation/swiftui/edge/set — `@frozen struct Set` (OptionSet);
/// `static let top: Edge.Set`, `static let all: Edge.Set`
public enum Edge {
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1)
        public static let all = Set(rawValue: 15)
    }
}

/// https://developer.apple.com/documentation/swiftui/axis/set — `static let vertical: Axis.Set`
public enum Axis {
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let vertical = Set(rawValue: 2)
    }
}

/// https://developer.apple.com/documentation/swiftui/safearearegions — `@frozen struct SafeAreaRegions` (OptionSet);
/// `static let all: SafeAreaRegions` (…/safearearegions/all)
public struct SafeAreaRegions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let all = SafeAreaRegions(rawValue: 3)
}

/// https://developer.apple.com/documentation/swiftui/edgeinsets — `@frozen struct EdgeInsets`; `var top: CGFloat`
public struct EdgeInsets: Sendable, Equatable {
    public var top: CGFloat
}

/// https://developer.apple.com/documentation/swiftui/geometryproxy — `struct GeometryProxy`;
/// `var size: CGSize { get }` (…/geometryproxy/size)
public struct GeometryProxy {
    public var size: CGSize { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/scrollgeometry — `struct ScrollGeometry` (iOS 18);
/// `var contentOffset: CGPoint { get set }` (…/scrollgeometry/contentoffset);
/// `var contentInsets: EdgeInsets` (…/scrollgeometry/contentinsets)
@available(iOS 18.0, *)
public struct ScrollGeometry: Equatable, Sendable {
    public var contentOffset: CGPoint
    public var contentInsets: EdgeInsets
}

// MARK: - Colour and gradients

/// https://developer.apple.com/documentation/swiftui/colorscheme — `enum ColorScheme`; `case light`, `case dark`
public enum ColorScheme: Sendable, Hashable {
    case light
    case dark
}

/// https://developer.apple.com/documentation/swiftui/color — `@frozen struct Color` (View, ShapeStyle)
nonisolated public struct Color: View, Hashable, Sendable {
    /// https://developer.apple.com/documentation/swiftui/color/rgbcolorspace — `enum RGBColorSpace`; `case sRGB`
    public enum RGBColorSpace: Sendable {
        case sRGB
    }
    /// https://developer.apple.com/documentation/swiftui/color/init(_:red:green:blue:opacity:)
    /// `init(_ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1)`
    public init(_ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {}
    /// https://developer.apple.com/documentation/swiftui/color/clear — `static let clear: Color`
    public static let clear = Color(red: 0, green: 0, blue: 0, opacity: 0)
    /// https://developer.apple.com/documentation/swiftui/color/opacity(_:) — `func opacity(_ opacity: Double) -> Color`
    public func opacity(_ opacity: Double) -> Color { self }
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/gradient — `@frozen struct Gradient`
public struct Gradient {
    /// https://developer.apple.com/documentation/swiftui/gradient/stop — `@frozen struct Stop`;
    /// `init(color: Color, location: CGFloat)` (…/gradient/stop/init(color:location:))
    public struct Stop {
        public init(color: Color, location: CGFloat) {}
    }
}

/// https://developer.apple.com/documentation/swiftui/lineargradient — `@frozen nonisolated struct LinearGradient` (View, ShapeStyle)
nonisolated public struct LinearGradient: View {
    /// https://developer.apple.com/documentation/swiftui/lineargradient/init(stops:startpoint:endpoint:)
    /// `nonisolated init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint)`
    nonisolated public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {}
    public var body: Never { fatalError() }
}

// MARK: - Views used

/// https://developer.apple.com/documentation/swiftui/image — `@frozen struct Image`
nonisolated public struct Image: View {
    /// https://developer.apple.com/documentation/swiftui/image/init(_:bundle:) — `init(_ name: String, bundle: Bundle? = nil)`
    public init(_ name: String, bundle: Bundle? = nil) {}
    /// https://developer.apple.com/documentation/swiftui/image/resizable(capinsets:resizingmode:)
    /// `func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch) -> Image`
    /// (stubbed with its defaults only)
    public func resizable() -> Image { self }
    /// https://developer.apple.com/documentation/swiftui/image/init(uiimage:) — `init(uiImage: UIImage)`
    public init(uiImage: UIImage) {}
    /// https://developer.apple.com/documentation/swiftui/image/alloweddynamicrange(_:)
    /// `func allowedDynamicRange(_ range: Image.DynamicRange?) -> Image` (iOS 17)
    @available(iOS 17.0, *)
    public func allowedDynamicRange(_ range: Image.DynamicRange?) -> Image { self }
    /// https://developer.apple.com/documentation/swiftui/image/dynamicrange — `struct DynamicRange` (iOS 17);
    /// `static let standard`, `static let constrainedHigh`, `static let high` (…/dynamicrange/constrainedhigh)
    @available(iOS 17.0, *)
    public struct DynamicRange: Sendable, Hashable {
        public static let standard = DynamicRange()
        public static let constrainedHigh = DynamicRange()
        public static let high = DynamicRange()
    }
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/scrollview — `nonisolated struct ScrollView<Content> where Content : View`
nonisolated public struct ScrollView<Content: View>: View {
    /// https://developer.apple.com/documentation/swiftui/scrollview/init(_:showsindicators:content:)
    /// `init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content)`
    nonisolated public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/vstack — `@frozen struct VStack<Content> where Content : View`
nonisolated public struct VStack<Content: View>: View {
    /// https://developer.apple.com/documentation/swiftui/vstack/init(alignment:spacing:content:)
    /// `init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content)`
    /// (stubbed without `alignment`, which the generated file does not pass)
    public init(spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

// MARK: - Toolbar and navigation values

/// https://developer.apple.com/documentation/swiftui/toolbarplacement — `struct ToolbarPlacement`;
/// `static var navigationBar: ToolbarPlacement { get }` (iOS 16)
public struct ToolbarPlacement {
    public static var navigationBar: ToolbarPlacement { ToolbarPlacement() }
}

/// https://developer.apple.com/documentation/swiftui/navigationbaritem/titledisplaymode — `enum TitleDisplayMode`; `case inline`
public struct NavigationBarItem {
    public enum TitleDisplayMode {
        case automatic
        case inline
        case large
    }
}

#if FULLBLEED_STUB_IOS26
/// https://developer.apple.com/documentation/swiftui/scrolledgeeffectstyle — `struct ScrollEdgeEffectStyle` (iOS 26);
/// `static var soft: ScrollEdgeEffectStyle { get }`, `static var hard: ScrollEdgeEffectStyle { get }`
@available(iOS 26.0, *)
public struct ScrollEdgeEffectStyle: Sendable {
    public static var soft: ScrollEdgeEffectStyle { ScrollEdgeEffectStyle() }
    public static var hard: ScrollEdgeEffectStyle { ScrollEdgeEffectStyle() }
}
#endif

// MARK: - Modifiers used (View extension methods)

extension View {
    /// https://developer.apple.com/documentation/swiftui/view/scaledtofill() — `nonisolated func scaledToFill() -> some View`
    nonisolated public func scaledToFill() -> some View { self }

    /// https://developer.apple.com/documentation/swiftui/view/frame(width:height:alignment:)
    /// `nonisolated func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View`
    nonisolated public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View { self }

    /// https://developer.apple.com/documentation/swiftui/view/frame(minwidth:idealwidth:maxwidth:minheight:idealheight:maxheight:alignment:)
    /// `nonisolated func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center) -> some View`
    nonisolated public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
                                  idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center) -> some View { self }

    /// https://developer.apple.com/documentation/swiftui/view/clipped(antialiased:)
    /// `nonisolated func clipped(antialiased: Bool = false) -> some View`
    nonisolated public func clipped(antialiased: Bool = false) -> some View { self }

    /// https://developer.apple.com/documentation/swiftui/view/scaleeffect(_:anchor:)-pmi7
    /// `nonisolated func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> some View`
    nonisolated public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> some View { self }

    /// https://developer.apple.com/documentation/swiftui/view/opacity(_:) — `nonisolated func opacity(_ opacity: Double) -> some View`
    nonisolated public func opacity(_ opacity: Double) -> some View { self }

    /// https://developer.apple.com/documentation/swiftui/view/allowshittesting(_:)
    /// `nonisolated func allowsHitTesting(_ enabled: Bool) -> some View`
    nonisolated public func allowsHitTesting(_ enabled: Bool) -> some View { self }

    /// https://developer.apple.com/documentation/swiftui/view/ignoressafearea(_:edges:)
    /// `nonisolated func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View` (iOS 14)
    nonisolated public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View { self }

    /// https://developer.apple.com/documentation/swiftui/view/overlay(alignment:content:)
    /// `nonisolated func overlay<V>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View where V : View` (iOS 15)
    nonisolated public func overlay<V>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View where V: View { self }

    /// https://developer.apple.com/documentation/swiftui/view/task(id:name:priority:file:line:_:)
    /// `nonisolated func task<T>(id value: T, name: String? = nil, priority: TaskPriority = .userInitiated, file: String = #fileID,
    /// line: Int = #line, _ action: sending @escaping @isolated(any) () async -> Void) -> some View where T : Equatable`
    /// (iOS 15; `name`, `file`, `line` are no-ops before iOS 26.4. Earlier SDKs spell the action
    /// `@escaping @Sendable`. The rendered pages leave out underscored attributes: the SDK's interface
    /// marks the action `@_inheritActorContext`, so a closure written in a view's body is main-actor
    /// isolated; without it no `.task` closure could set `@State`, as Apple's samples do)
    nonisolated public func task<T>(id value: T, name: String? = nil, priority: TaskPriority = .userInitiated, file: String = #fileID,
                                    line: Int = #line, @_inheritActorContext _ action: sending @escaping @isolated(any) () async -> Void) -> some View where T: Equatable { self }

    /// https://developer.apple.com/documentation/swiftui/view/modifier(_:)
    /// `nonisolated func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T>` (stubbed as `some View`)
    nonisolated public func modifier<T>(_ modifier: T) -> some View where T: ViewModifier { self }

    /// https://developer.apple.com/documentation/swiftui/view/navigationtitle(_:)
    /// `nonisolated func navigationTitle<S>(_ title: S) -> some View where S : StringProtocol` (iOS 14)
    nonisolated public func navigationTitle<S>(_ title: S) -> some View where S: StringProtocol { self }

    /// https://developer.apple.com/documentation/swiftui/view/navigationbartitledisplaymode(_:)
    /// `nonisolated func navigationBarTitleDisplayMode(_ displayMode: NavigationBarItem.TitleDisplayMode) -> some View` (iOS 14)
    nonisolated public func navigationBarTitleDisplayMode(_ displayMode: NavigationBarItem.TitleDisplayMode) -> some View { self }

    /// https://developer.apple.com/documentation/swiftui/view/toolbarcolorscheme(_:for:)
    /// `nonisolated func toolbarColorScheme(_ colorScheme: ColorScheme?, for bars: ToolbarPlacement...) -> some View` (iOS 16)
    @available(iOS 16.0, *)
    nonisolated public func toolbarColorScheme(_ colorScheme: ColorScheme?, for bars: ToolbarPlacement...) -> some View { self }

    /// https://developer.apple.com/documentation/swiftui/view/ongeometrychange(for:of:action:)
    /// `nonisolated func onGeometryChange<T>(for type: T.Type, of transform: @escaping @Sendable (GeometryProxy) -> T, action: @escaping (T) -> Void) -> some View where T : Equatable, T : Sendable` (iOS 16)
    @available(iOS 16.0, *)
    nonisolated public func onGeometryChange<T>(for type: T.Type, of transform: @escaping @Sendable (GeometryProxy) -> T,
                                                action: @escaping (T) -> Void) -> some View where T: Equatable, T: Sendable { self }

    /// https://developer.apple.com/documentation/swiftui/view/onscrollgeometrychange(for:of:action:)
    /// `nonisolated func onScrollGeometryChange<T>(for type: T.Type, of transform: @escaping (ScrollGeometry) -> T, action: @escaping (T, T) -> Void) -> some View where T : Equatable` (iOS 18)
    @available(iOS 18.0, *)
    nonisolated public func onScrollGeometryChange<T>(for type: T.Type, of transform: @escaping (ScrollGeometry) -> T,
                                                      action: @escaping (T, T) -> Void) -> some View where T: Equatable { self }

    #if FULLBLEED_STUB_IOS26
    /// https://developer.apple.com/documentation/swiftui/view/scrolledgeeffectstyle(_:for:)
    /// `nonisolated func scrollEdgeEffectStyle(_ style: ScrollEdgeEffectStyle?, for edges: Edge.Set) -> some View` (iOS 26)
    @available(iOS 26.0, *)
    nonisolated public func scrollEdgeEffectStyle(_ style: ScrollEdgeEffectStyle?, for edges: Edge.Set) -> some View { self }

    /// https://developer.apple.com/documentation/swiftui/view/backgroundextensioneffect()
    /// `@MainActor @preconcurrency func backgroundExtensionEffect() -> some View` (iOS 26)
    @available(iOS 26.0, *)
    @MainActor @preconcurrency public func backgroundExtensionEffect() -> some View { self }
    #endif
}
