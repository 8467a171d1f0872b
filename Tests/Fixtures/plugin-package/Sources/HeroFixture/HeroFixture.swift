/// The fixture's library: the names of the hero photos in `Heroes/`, as an app would list them.
public enum HeroFixture {
    public static let heroNames = ["chelsea", "retina"]
}
