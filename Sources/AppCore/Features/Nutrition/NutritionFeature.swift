import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

public extension FeatureID {
    static let nutrition = FeatureID("nutrition")
}

/// The meal log as a feature: it owns the meals, read after the first frame
/// and saved by the storage owner.
extension NutritionViewModel: BindingFeature {
    public static let id = FeatureID.nutrition
    public static var snapshotScreens: [String] { ["nutrition", "meal-sheet", "scan"] }
    public static var stringTables: [String: [UInt8]] {
        ["en": PackageResources.nutrition_en_json, "fr": PackageResources.nutrition_fr_json]
    }

    public static func prepareSnapshot(_ screen: String, _ model: inout AppModel, _ env: AppEnvironment) async {
        let opened = await env.storage.loadMeals()
        model.nutrition.meals = opened.meals
        model.nutrition.mealsLoaded = true
        // The same reading as `snapshot today` (access asked for as the app would, live samples included),
        // so Burned here is Today's active energy whenever Today shows it.
        let range = TodayViewModel.range(now: env.now(), env.context.calendar)
        try? await Commands.authorizeUndetermined(env)
        if let r = try? await env.repository.refresh(from: range.first, through: range.last, now: env.now(), live: env.live?.samples) {
            model.nutrition.noteEnergy(r.snapshot.energy)
        }
        if screen == "meal-sheet" {
            let now = env.now(), calendar = env.context.calendar
            model.nutrition.form = MealForm.new(day: DayKey(now, calendar: calendar), now: now, calendar)
        }
        if screen == "scan" { model.nutrition.scan = .init(openedAt: env.now()) }
    }

    /// The meal log, read once after the first frame.
    struct MealsOpened: Sendable {
        var meals: [Meal]
        var notice: String?
        var short: String? = nil
    }

    struct MealsSaved: Sendable {
        var result: Result<[Meal], StorageError>
    }

    static let open = Effect.run(Work(WorkID(.nutrition, "open")) { services in
        let opened = await services.storage.loadMeals()
        return MealsOpened(meals: opened.meals, notice: opened.notice, short: opened.short)
    })

    /// Applies one change to the latest meal log (off the loop); the result comes back as `MealsSaved`.
    static func save(_ change: MealChange) -> Effect {
        .run(Work(WorkID(.nutrition, "save")) { services in MealsSaved(result: await services.storage.saveMeal(change)) })
    }


    public mutating func start(_ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        mealsLoaded ? [] : [Self.open]
    }

    public mutating func receive(_ message: any Sendable, _ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        switch message {
        case let m as MealsOpened:
            meals = m.meals
            mealsLoaded = true
            if let notice = m.notice { shared.showToast(notice, .warning, seconds: 8, short: m.short) }
            return [.send(.everyone, MealsChanged(meals: meals))]
        case let click as NutritionClick:
            if case .row(let i) = click, form == nil, scan == nil {
                focus = .list
                selected = max(0, i)
            }
            return []
        case StoreReloaded.meals(let list) as StoreReloaded:
            return mealsReloaded(list, &shared, ctx)
        case let m as MealsSaved:
            return mealsSaved(m.result, &shared, ctx)
        case let m as HealthLoaded:
            if case .success(let snapshot) = m.result { noteEnergy(snapshot.energy) }
            return []
        case let m as LiveUpdate:
            noteLiveEnergy(m.energy)
            return []
        case let read as PastEnergyRead:
            pastEnergyRead(read)
            return []
        default:
            return []
        }
    }

    /// After each event while the log is on screen: the day's meals kept for its frame and keys.
    public mutating func settle(_ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        keepShownDay(shared, ctx)
        return readPastEnergyIfMissing(shared, ctx)
    }

    public var presentsSheet: Bool { form != nil }

    public func render(_ shared: SharedState, _ ctx: AppContext, _ r: RenderContext, in rect: Rect, _ buffer: inout Buffer) {
        NutritionView.render(self, shared, ctx, r, in: rect, &buffer)
    }
}

/// A click on a meal row.
enum NutritionClick: Sendable { case row(Int) }

public extension AppModel {
    var nutrition: NutritionViewModel {
        get { self[NutritionViewModel.self] }
        set { self[NutritionViewModel.self] = newValue }
    }
}
