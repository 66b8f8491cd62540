import Signalbox

extension Submission {
    /// A create the store refused because the account is full: the form again with the reason
    /// (422, what was typed kept). Any other refusal is thrown on (the error page).
    static func answering(_ error: TodoStoreError) throws(TodoStoreError) -> Submission {
        guard error.isQuotaReached else { throw error }
        return .invalid(error.description, fields: [:])
    }
}
