import Signalbox
import SignalboxWeb
import TodoApp

extension TodoDemoServer {
    /// The demo's route table, as `todo-demo routes` prints it and `/_dev/routes` shows it: every
    /// route reachable from the root with the URL pattern that reaches it.
    public static var routeTable: String {
        RouteMap(tree: TodoWebApp.makeTree(store: InMemoryTodoStore.demo())).description
    }
}

extension TodoDemoServer {
    /// The demo's OpenAPI document as JSON text (`todo-demo openapi`).
    public static var openAPIDocument: String { TodoWebApp.openAPIDocument().text }
}
