//! A bounded load check against a running `arbiter serve` on loopback:
//!
//! ```sh
//! cargo run --release -- serve --addr 127.0.0.1:8080 --db sqlite:///tmp/load.db &
//! cargo run --release -p arbiter-server --example load -- 127.0.0.1:8080 1000 200
//! ```
//!
//! 1. Opens SPECTATORS WebSockets on one Knight Court game, plays moves over
//!    HTTP, and reports how long each move took to reach every spectator
//!    (p50, p99, max).
//! 2. Creates GAMES bot-against-bot Knight Moves games, lets them run for
//!    20 s while timing a small request every 100 ms, and reports moves
//!    played and that request's p99.

use futures_util::StreamExt;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::mpsc;

async fn http(addr: &str, method: &str, path: &str, token: Option<&str>, body: &str) -> Value {
    let mut stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
    let auth = token.map_or(String::new(), |t| format!("Authorization: Bearer {t}\r\n"));
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\n{auth}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.expect("write");
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.expect("read");
    let text = String::from_utf8_lossy(&response);
    let body = text.split("\r\n\r\n").nth(1).unwrap_or("");
    serde_json::from_str(body).unwrap_or_else(|_| json!({ "raw": body }))
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let addr = args.get(1).cloned().unwrap_or("127.0.0.1:8080".into());
    let spectators: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let games: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(200);

    // 1. Spectators.
    let g = http(
        &addr,
        "POST",
        "/api/games",
        None,
        &json!({"game": "knight-court", "seats": 2}).to_string(),
    )
    .await;
    let id = g["id"].as_str().expect("game id").to_string();
    let tokens = [
        g["seats"][0]["token"].as_str().unwrap().to_string(),
        g["seats"][1]["token"].as_str().unwrap().to_string(),
    ];
    let (seen_tx, mut seen_rx) = mpsc::unbounded_channel::<(u64, Instant)>();
    let mut ready = Vec::new();
    for _ in 0..spectators {
        let (mut socket, _) =
            tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws"))
                .await
                .expect("websocket");
        socket.next().await.expect("first frame").expect("frame");
        let tx = seen_tx.clone();
        ready.push(tokio::spawn(async move {
            while let Some(Ok(message)) = socket.next().await {
                if let Ok(text) = message.to_text() {
                    let at = Instant::now();
                    if let Ok(v) = serde_json::from_str::<Value>(text) {
                        let _ = tx.send((v["version"].as_u64().unwrap_or(0), at));
                    }
                }
            }
        }));
    }
    println!("{spectators} spectators connected");
    let mut latencies = Vec::new();
    let moves = 10;
    for ply in 0..moves {
        let seat = ply % 2;
        let state = http(
            &addr,
            "GET",
            &format!("/api/games/{id}"),
            Some(&tokens[seat]),
            "",
        )
        .await;
        let Some(mv) = state["legal"][0].as_str().map(str::to_string) else {
            break;
        };
        let version = state["version"].as_u64().unwrap() + 1;
        let start = Instant::now();
        http(
            &addr,
            "POST",
            &format!("/api/games/{id}/actions"),
            Some(&tokens[seat]),
            &json!({"action": mv}).to_string(),
        )
        .await;
        let mut got = 0;
        while got < spectators {
            let (v, at) = tokio::time::timeout(Duration::from_secs(10), seen_rx.recv())
                .await
                .expect("a frame within 10 s")
                .unwrap();
            if v == version {
                latencies.push(at - start);
                got += 1;
            }
        }
    }
    latencies.sort();
    println!(
        "move delivery to {spectators} spectators over {} frames: p50 {:?}, p99 {:?}, max {:?}",
        latencies.len(),
        percentile(&latencies, 0.5),
        percentile(&latencies, 0.99),
        latencies.last().copied().unwrap_or_default()
    );
    for task in ready {
        task.abort();
    }

    // 2. Bot-against-bot games.
    let mut ids = Vec::new();
    for _ in 0..games {
        let g = http(
            &addr,
            "POST",
            "/api/games",
            None,
            &json!({"game": "knight-moves", "seats": 2, "bots": [{"seat": 0, "level": 1}, {"seat": 1, "level": 1}]}).to_string(),
        )
        .await;
        ids.push(g["id"].as_str().unwrap().to_string());
    }
    println!("{games} bot-against-bot games created");
    let mut pings = Vec::new();
    let end = Instant::now() + Duration::from_secs(20);
    while Instant::now() < end {
        let start = Instant::now();
        http(&addr, "GET", "/api/kinds", None, "").await;
        pings.push(start.elapsed());
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (mut played, mut over, mut moving) = (0, 0, 0);
    for id in &ids {
        let s = http(&addr, "GET", &format!("/api/games/{id}"), None, "").await;
        let n = s["history"].as_array().map_or(0, Vec::len);
        played += n;
        moving += usize::from(n > 0);
        over += usize::from(s["status"] == "over");
    }
    pings.sort();
    println!(
        "{games} games in 20 s: {played} moves ({:.0}/s), {moving} games moved, {over} finished; request p99 during load {:?}",
        played as f64 / 20.0,
        percentile(&pings, 0.99)
    );
}
