import HelloApp
import SignalboxRunner

// `hello-app [--port 8080] [--dev] [--templates Templates]`: prints "Listening on …", stops on SIGTERM.
await AppRunner.run { options in
    try HelloApp.make(templates: options.templates, configuration: options.configuration, logger: options.logger)
}
