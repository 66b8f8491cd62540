import Signalbox
import TodoApp

extension TodoDemoServer {
    /// The demo's route table, as `todo-demo routes` prints it and `/_dev/routes` shows it: every
    /// route reachable from the root with the URL pattern that reaches it.
    public static var routeTable: String {
        RouteMap(tree: TodoWebApp.makeTree(store: InMemoryTodoStore.demo())).description
    }
}
