//! Connections are bounded: a client that never finishes its request head
//! is cut off, the number of open sockets is capped, silent WebSockets are
//! closed, and none of it delays anyone else.

mod common;

use arbiter_server::{listen, router, AppState, Limits, Settings};
use common::*;
use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::oneshot;
use tokio_tungstenite::tungstenite::Message;

/// Serves a fresh app on a loopback port; returns the address, the app for
/// in-process calls, and a sender that stops the server.
async fn serve(
    limits: Limits,
    settings: Settings,
) -> (SocketAddr, axum::Router, oneshot::Sender<()>) {
    let store = test_store().await;
    let app = router(AppState::new(store, settings));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = oneshot::channel::<()>();
    let served = app.clone();
    tokio::spawn(async move {
        listen::serve(listener, served, limits, async {
            let _ = stopped.await;
        })
        .await
    });
    (addr, app, stop)
}

fn limits(header_timeout: Duration, max_connections: usize) -> Limits {
    Limits {
        header_timeout,
        max_connections,
        ..Limits::default()
    }
}

/// A whole request on a fresh connection; the answer's status line.
async fn get(addr: SocketAddr, path: &str) -> String {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: arbiter\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    let answer = String::from_utf8_lossy(&answer).to_string();
    answer.lines().next().unwrap_or_default().to_string()
}

/// Whether the server has closed `stream` (reading whatever it sent first).
async fn closed_within(stream: &mut TcpStream, limit: Duration) -> bool {
    let mut buf = [0u8; 1024];
    tokio::time::timeout(limit, async {
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
        }
    })
    .await
    .is_ok()
}

/// Whether `stream` is still open with nothing to read.
fn still_open(stream: &TcpStream) -> bool {
    let mut buf = [0u8; 16];
    matches!(stream.try_read(&mut buf), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock)
}

#[tokio::test]
async fn two_hundred_half_open_connections_are_cut_off_without_delaying_others() {
    let timeout = Duration::from_secs(3);
    let (addr, _, _stop) = serve(limits(timeout, 1000), settings()).await;
    let mut half_open = Vec::new();
    for k in 0..200 {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        // Half send nothing at all, half stop inside their headers.
        if k % 2 == 1 {
            stream
                .write_all(b"GET /api/kinds HTTP/1.1\r\nHost: arbiter\r\nX-Slow: ")
                .await
                .unwrap();
        }
        half_open.push(stream);
    }
    // Others are served at once while all 200 are open.
    for _ in 0..5 {
        let status = tokio::time::timeout(Duration::from_secs(10), get(addr, "/api/kinds"))
            .await
            .expect("a whole request is answered while 200 half-open connections wait");
        assert_eq!(status, "HTTP/1.1 200 OK");
    }
    let open = half_open.iter().filter(|s| still_open(s)).count();
    assert_eq!(
        open, 200,
        "the half-open connections were open while others were served"
    );
    // And every one of the 200 is closed once its time is up.
    for (k, stream) in half_open.iter_mut().enumerate() {
        assert!(
            closed_within(stream, Duration::from_secs(30)).await,
            "half-open connection {k} is still open well past the header timeout"
        );
    }
    assert_eq!(get(addr, "/api/kinds").await, "HTTP/1.1 200 OK");
}

#[tokio::test]
async fn idle_keep_alive_connections_are_closed_after_the_timeout_too() {
    let (addr, _, _stop) = serve(limits(Duration::from_secs(1), 1000), settings()).await;
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream
        .write_all(b"GET /api/kinds HTTP/1.1\r\nHost: arbiter\r\n\r\n")
        .await
        .unwrap();
    let mut buf = [0u8; 256];
    let n = stream.read(&mut buf).await.unwrap();
    assert!(buf[..n].starts_with(b"HTTP/1.1 200 OK"));
    assert!(closed_within(&mut stream, Duration::from_secs(30)).await);
}

#[tokio::test]
async fn the_connection_limit_holds_new_clients_until_one_closes() {
    let (addr, app, _stop) = serve(limits(Duration::from_secs(60), 3), settings()).await;
    let g = create(&app, json!({"game": "knight-court", "seats": 2})).await;
    // Two idle sockets and a WebSocket fill the three places: an upgraded
    // connection keeps its place.
    let mut idle = vec![
        TcpStream::connect(addr).await.unwrap(),
        TcpStream::connect(addr).await.unwrap(),
    ];
    let url = format!("ws://{addr}/api/games/{}/ws", g.id);
    let (mut socket, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    assert!(matches!(socket.next().await, Some(Ok(Message::Text(_)))));

    // A fourth client waits: it is not answered while all three are open.
    let waiting = tokio::spawn(get(addr, "/api/kinds"));
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(
        !waiting.is_finished(),
        "a fourth connection was served past the limit of 3"
    );

    // Closing the WebSocket frees a place, and the fourth is served.
    socket.close(None).await.unwrap();
    drop(socket);
    let status = tokio::time::timeout(Duration::from_secs(10), waiting)
        .await
        .expect("served once a place was free")
        .unwrap();
    assert_eq!(status, "HTTP/1.1 200 OK");

    // The same for a plain socket.
    let waiting = tokio::spawn(get(addr, "/api/kinds"));
    let also = tokio::spawn(get(addr, "/api/kinds"));
    tokio::time::sleep(Duration::from_millis(300)).await;
    idle.pop();
    for task in [waiting, also] {
        let status = tokio::time::timeout(Duration::from_secs(10), task)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(status, "HTTP/1.1 200 OK");
    }
}

#[tokio::test]
async fn websockets_that_do_not_answer_pings_are_closed() {
    let settings = Settings {
        ws_ping_every: Duration::from_millis(300),
        ..settings()
    };
    let (addr, app, _stop) = serve(limits(Duration::from_secs(60), 1000), settings).await;
    let g = create(&app, json!({"game": "knight-court", "seats": 2})).await;
    let url = format!("ws://{addr}/api/games/{}/ws", g.id);
    let (mut silent, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    let (mut lively, _) = tokio_tungstenite::connect_async(&url).await.unwrap();

    // The lively client reads (so its library answers each ping) for a
    // while; the silent one reads nothing meanwhile.
    let mut pings = 0;
    let until = tokio::time::Instant::now() + Duration::from_secs(2);
    while let Ok(message) = tokio::time::timeout_at(until, lively.next()).await {
        match message {
            Some(Ok(Message::Ping(_))) => pings += 1,
            Some(Ok(Message::Text(_))) => {}
            other => panic!("the answering WebSocket was closed: {other:?}"),
        }
    }
    assert!(pings >= 2, "{pings} pings in 2 s at one per 300 ms");

    // The silent one has been closed: after what was sent before, its
    // stream ends.
    let ended = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match silent.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    assert!(
        ended.is_ok(),
        "a WebSocket that answered no ping is still open"
    );

    // The lively one still gets frames.
    act_ok(&app, &g.id, &g.seats[0], "c1c3").await;
    loop {
        match tokio::time::timeout(Duration::from_secs(10), lively.next()).await {
            Ok(Some(Ok(Message::Text(text)))) => {
                let frame: serde_json::Value = serde_json::from_str(&text).unwrap();
                if frame["version"] == 1 {
                    break;
                }
            }
            Ok(Some(Ok(_))) => {}
            other => panic!("no frame after the move: {other:?}"),
        }
    }
}

#[tokio::test]
async fn shutdown_stops_accepting_and_finishes() {
    let (addr, _, stop) = serve(limits(Duration::from_secs(60), 1000), settings()).await;
    assert_eq!(get(addr, "/api/kinds").await, "HTTP/1.1 200 OK");
    // An idle keep-alive connection does not hold shutdown up.
    let mut idle = TcpStream::connect(addr).await.unwrap();
    stop.send(()).unwrap();
    assert!(closed_within(&mut idle, Duration::from_secs(10)).await);
    let refused = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            if TcpStream::connect(addr).await.is_err() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await;
    assert!(refused.is_ok(), "still accepting after shutdown");
}

#[tokio::test]
async fn a_websocket_message_over_64_kib_closes_the_socket_and_a_small_one_does_not() {
    let (addr, app, _stop) = serve(limits(Duration::from_secs(60), 1000), settings()).await;
    let g = create(&app, json!({"game": "knight-court", "seats": 2})).await;
    let url = format!("ws://{addr}/api/games/{}/ws", g.id);
    let (mut small, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    let (mut large, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    for socket in [&mut small, &mut large] {
        assert!(matches!(socket.next().await, Some(Ok(Message::Text(_)))));
    }
    // 8 KiB, larger than the 4 KiB read buffer but under the limit.
    small
        .send(Message::text("x".repeat(8 * 1024)))
        .await
        .unwrap();
    large
        .send(Message::text("x".repeat(64 * 1024 + 1)))
        .await
        .unwrap();
    let ended = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match large.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    assert!(ended.is_ok(), "a 64 KiB + 1 message left the socket open");
    // The small sender still gets the next move's frame.
    act_ok(&app, &g.id, &g.seats[0], "c1c3").await;
    loop {
        match tokio::time::timeout(Duration::from_secs(10), small.next()).await {
            Ok(Some(Ok(Message::Text(text)))) => {
                let frame: serde_json::Value = serde_json::from_str(&text).unwrap();
                if frame["version"] == 1 {
                    break;
                }
            }
            Ok(Some(Ok(_))) => {}
            other => panic!("no frame after the move: {other:?}"),
        }
    }
}
