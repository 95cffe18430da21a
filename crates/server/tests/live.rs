//! Live updates through a real socket: each watcher gets frames built from
//! its own seat's view.

mod common;

use common::*;
use serde_json::json;

#[tokio::test]
async fn every_watcher_gets_its_own_frame_after_each_move() {
    let (app, addr) = app_on_loopback().await;

    let g = create(&app, json!({"game": "knight-court", "seats": 2})).await;
    let mut white = watch(addr, &g.id, Some(&g.seats[0])).await;
    let mut black = watch(addr, &g.id, Some(&g.seats[1])).await;
    let mut watcher = watch(addr, &g.id, None).await;

    let first = next_frame(&mut white).await;
    assert_eq!(first["version"], 0);
    assert_eq!(first["you"], json!({"role": "seat", "seat": 0}));
    assert_eq!(first["legal"], json!(["b1a2", "b1c2", "c1c2", "c1c3"]));
    assert_eq!(next_frame(&mut black).await["legal"], json!([]));
    assert_eq!(
        next_frame(&mut watcher).await["you"],
        json!({"role": "spectator"})
    );

    act_ok(&app, &g.id, &g.seats[0], "c1c3").await;
    let w = next_frame(&mut white).await;
    let b = next_frame(&mut black).await;
    let s = next_frame(&mut watcher).await;
    for frame in [&w, &b, &s] {
        assert_eq!(frame["version"], 1);
        assert_eq!(frame["view"]["position"], "nbR/3/NB1[r] b");
    }
    // Each frame is the receiver's own: only Black is offered moves now.
    assert_eq!(w["legal"], json!([]));
    assert_eq!(s["legal"], json!([]));
    assert!(b["legal"].as_array().unwrap().contains(&json!("R@a2")));
    assert_eq!(b["you"], json!({"role": "seat", "seat": 1}));

    // A refused move sends no frame to anyone.
    assert_eq!(act(&app, &g.id, &g.seats[0], "a1a2").await.0, 409);
    act_ok(&app, &g.id, &g.seats[1], "R@a2").await;
    assert_eq!(next_frame(&mut watcher).await["version"], 2);

    // A wrong token cannot open a socket.
    let wrong = format!("ws://{addr}/api/games/{}/ws?token=deadbeef", g.id);
    assert!(tokio_tungstenite::connect_async(wrong).await.is_err());
    white.close(None).await.unwrap();
}

#[tokio::test]
async fn watchers_see_bots_play_live() {
    let (app, addr) = app_on_loopback().await;
    let g = create(
        &app,
        json!({"game": "knight-moves", "seats": 2, "bots": [{"seat": 1, "level": 1}]}),
    )
    .await;
    let mut socket = watch(addr, &g.id, Some(&g.seats[0])).await;
    next_frame(&mut socket).await;
    act_ok(&app, &g.id, &g.seats[0], "c8-b6").await;
    let mut version = 0;
    while version < 2 {
        version = next_frame(&mut socket).await["version"].as_u64().unwrap();
    }
    let s = state(&app, &g.id, Some(&g.seats[0])).await;
    assert_eq!(s["to_act"], json!([0]));
    assert!(!s["legal"].as_array().unwrap().is_empty());
}

/// A watcher that names the `arbiter.gzip` subprotocol gets each frame
/// gzipped in a binary message, the same state as a text watcher's; the
/// server says it took the subprotocol. A spectator's shared frame and a
/// seat's own both come so.
#[tokio::test]
async fn a_watcher_that_asks_gets_its_frames_gzipped() {
    use std::io::Read;
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    use tokio_tungstenite::tungstenite::Message;
    let (app, addr) = app_on_loopback().await;
    let g = create(&app, json!({"game": "tilechess", "seats": 2})).await;
    let open = |token: Option<String>| {
        let id = g.id.clone();
        async move {
            let query = token.map(|t| format!("?token={t}")).unwrap_or_default();
            let mut request = format!("ws://{addr}/api/games/{id}/ws{query}")
                .into_client_request()
                .unwrap();
            request
                .headers_mut()
                .insert("sec-websocket-protocol", "arbiter.gzip".parse().unwrap());
            let (socket, answer) = tokio_tungstenite::connect_async(request).await.unwrap();
            assert_eq!(answer.headers()["sec-websocket-protocol"], "arbiter.gzip");
            socket
        }
    };
    async fn next_gzipped(socket: &mut Socket) -> serde_json::Value {
        let Message::Binary(packed) = next_message(socket).await else {
            panic!("a text frame to a watcher that asked for gzip");
        };
        let mut text = String::new();
        flate2::read::GzDecoder::new(&packed[..])
            .read_to_string(&mut text)
            .unwrap();
        serde_json::from_str(&text).unwrap()
    }
    let mut spectator = open(None).await;
    let mut seat = open(Some(g.seats[0].clone())).await;
    let mut plain_spectator = watch(addr, &g.id, None).await;
    let mut plain_seat = watch(addr, &g.id, Some(&g.seats[0])).await;
    assert_eq!(
        next_gzipped(&mut spectator).await,
        next_frame(&mut plain_spectator).await
    );
    assert_eq!(
        next_gzipped(&mut seat).await,
        next_frame(&mut plain_seat).await
    );
    // After a join: the spectators' shared frame and the seat's own.
    let join = state(&app, &g.id, Some(&g.seats[0])).await["legal"][0]
        .as_str()
        .unwrap()
        .to_string();
    act_ok(&app, &g.id, &g.seats[0], &join).await;
    let packed = next_gzipped(&mut spectator).await;
    assert_eq!(packed["version"], 1);
    assert_eq!(packed, next_frame(&mut plain_spectator).await);
    let mine = next_gzipped(&mut seat).await;
    assert_eq!(mine["you"], json!({"role": "seat", "seat": 0}));
    assert_eq!(mine, next_frame(&mut plain_seat).await);
}
