import Signalbox
import Testing

@testable import SignalboxWeb

/// How a branch splits into page, split-view master and modal, as plain values.
@Suite struct BranchLayoutTests {
    static func screen(_ route: String, _ presentation: Presentation?, master: Bool = false) -> PageDocument.Screen {
        PageDocument.Screen(
            route: route,
            path: "/" + route,
            presentation: presentation,
            title: route,
            template: route,
            wrappers: [],
            splitPlaceholder: master ? "pick one" : nil
        )
    }

    @Test func aSplitMasterWithAPushedScreenShowsItAsTheDetail() throws {
        let layout = try #require(
            BranchLayout([Self.screen("tabs", nil), Self.screen("list", nil, master: true), Self.screen("item", .push)])
        )
        #expect(layout.splitMaster == 1)
        #expect(layout.pageIndex == 2)
        #expect(layout.hasSplitDetail)
    }

    @Test func aSplitMasterOnTopHasNoDetail() throws {
        let layout = try #require(BranchLayout([Self.screen("list", nil, master: true)]))
        #expect(layout.splitMaster == 0)
        #expect(!layout.hasSplitDetail)
    }

    @Test func aModalAboveTheSplitKeepsThePanesBelowIt() throws {
        let layout = try #require(
            BranchLayout([
                Self.screen("list", nil, master: true), Self.screen("item", .push), Self.screen("edit", .modal),
            ])
        )
        #expect(layout.splitMaster == 0)
        #expect(layout.pageIndex == 1)
        #expect(layout.modalStart == 2)
        #expect(layout.hasSplitDetail)
    }

    @Test func aFullScreenPresentationAboveTheMasterIsNotSplit() throws {
        let layout = try #require(
            BranchLayout([Self.screen("list", nil, master: true), Self.screen("create", .fullScreen)])
        )
        #expect(layout.splitMaster == nil)
        #expect(!layout.hasSplitDetail)
    }

    @Test func nestedSplitViewsUseTheInnermostMaster() throws {
        let layout = try #require(
            BranchLayout([
                Self.screen("projects", nil, master: true), Self.screen("project", .push, master: true),
                Self.screen("task", .push),
            ])
        )
        #expect(layout.splitMaster == 1)
        #expect(layout.hasSplitDetail)
    }
}
