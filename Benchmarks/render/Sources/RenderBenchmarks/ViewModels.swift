// View models from values (issue 33): the list page's view model written field by field (as the
// demo did before) against the same view model encoded from values (as the demo does now), side
// by side in one binary (Benchmarks/viewmodels/viewmodels.sh).

import DemoApp
import Signalbox

/// The list page's data: 20 todos, 3 projects (the benchmarks' demo store).
let benchTodos: [Todo] = (1...20).map { id in
    Todo(
        id: id,
        title: "Todo number \(id)",
        isDone: id % 4 == 0,
        isFavorite: id % 5 == 0,
        projectID: [1, 2, nil][id % 3]
    )
}
let benchProjects = [
    Project(id: 1, name: "Garden"), Project(id: 2, name: "Tea party", isFavorite: true),
    Project(id: 3, name: "Croquet"),
]

/// A todo row as the demo encodes it.
struct BenchTodoRow: Encodable {
    let id: Int
    let title: String
    let isDone: Bool
    let isFavorite: Bool
    let project: ViewModel
}

/// The list page's view model as the demo encodes it.
struct BenchListModel: Encodable {
    let todos: [BenchTodoRow]
    let hasTodos: Bool
    let count: Int
    let doneCount: Int
    let hiddenCount: Int
    let hasHidden: Bool
}

func viewModelBenchmarks() -> [Benchmark] {
    [
        Benchmark(name: "view model: list page, by hand (20 todos)") {
            {
                let ids = benchProjects.map(\.id)
                let models = benchProjects.map { project -> ViewModel in
                    ["id": .int(project.id), "name": .string(project.name), "isFavorite": .bool(project.isFavorite)]
                }
                let model: ViewModel = [
                    "todos": .list(benchTodos) { todo, fields in
                        fields["id"] = .int(todo.id)
                        fields["title"] = .string(todo.title)
                        fields["isDone"] = .bool(todo.isDone)
                        fields["isFavorite"] = .bool(todo.isFavorite)
                        fields["project"] =
                            todo.projectID.flatMap { ids.firstIndex(of: $0) }.map { models[$0] } ?? .null
                    },
                    "hasTodos": .bool(!benchTodos.isEmpty), "count": .int(benchTodos.count),
                    "doneCount": .int(benchTodos.count(where: \.isDone)), "hiddenCount": 0, "hasHidden": false,
                ]
                keep(model)
            }
        },
        Benchmark(name: "view model: list page, encoded from values (20 todos)") {
            {
                let ids = benchProjects.map(\.id)
                guard case .list(let models) = try ViewModel.list(encoding: benchProjects) else { fatalError() }
                let rows = benchTodos.map { todo in
                    BenchTodoRow(
                        id: todo.id,
                        title: todo.title,
                        isDone: todo.isDone,
                        isFavorite: todo.isFavorite,
                        project: todo.projectID.flatMap { ids.firstIndex(of: $0) }.map { models[$0] } ?? .null
                    )
                }
                let model = try ViewModel(
                    encoding: BenchListModel(
                        todos: rows,
                        hasTodos: !rows.isEmpty,
                        count: rows.count,
                        doneCount: benchTodos.count(where: \.isDone),
                        hiddenCount: 0,
                        hasHidden: false
                    )
                )
                keep(model)
            }
        },
    ]
}
