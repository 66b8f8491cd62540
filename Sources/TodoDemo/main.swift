print("todo-demo: not built yet")
