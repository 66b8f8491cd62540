extension RouteMap: CustomStringConvertible {
    /// The routes as an aligned table, one per line: pattern, coordinator and route, kind, what
    /// it shows (what `todo-demo routes` prints).
    ///
    /// ```
    /// PATTERN                          ROUTE                  KIND  SHOWS
    /// /authenticated/todos/todo/{Int}  TodosCoordinator.todo  push  TodoScreen
    /// ```
    public var description: String {
        let rows =
            [["PATTERN", "ROUTE", "KIND", "SHOWS"]]
            + self.routes.map { [$0.pattern, "\($0.coordinator).\($0.name)", $0.kind.description, $0.output] }
        let widths = (0..<3).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            (0..<3).map { row[$0] + String(repeating: " ", count: widths[$0] - row[$0].count) }
                .joined(separator: "  ")
                + "  " + row[3]
        }.joined(separator: "\n") + "\n"
    }
}
