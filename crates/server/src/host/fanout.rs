//! Telling watchers: after every change the spectators' frame is built once
//! and broadcast; each seat's watcher then asks for its own snapshot
//! (`app.rs`), so no frame holds what its receiver may not see. The chat
//! webhooks are told too (`chat`).

use super::{Actor, Role};
use crate::frame::Frame;

impl Actor {
    /// Something changed: tell the watchers, then let bots and timers look.
    pub(super) fn changed_now(&mut self) {
        if self.changed.receiver_count() > 0 {
            let frame = Frame::new(self.snapshot(Role::Spectator).to_string());
            let _ = self.changed.send(frame);
        }
        // A follower only shows: the owner posts, plays and keeps time.
        if self.follower {
            return;
        }
        self.tell_webhooks();
        self.schedule_bot();
        self.schedule_wake();
    }
}
