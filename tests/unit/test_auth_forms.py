"""The login, sign-up and email-link handlers: strings of SPEC §2/§8, redirects, stored session."""

from urllib.parse import parse_qs, urlsplit

from learnsite.services import accounts
from learnsite.state.auth import AuthState
from learnsite.state.login_forms import AdminLoginState, EmailLinkState, SignUpState, UserLoginState
from tests.unit.auth_fixtures import auth_env, client_tree, redirect_target, run, toasts  # noqa: F401


async def _submit(state_cls, path, form, query=""):
    root = client_tree(path, query)
    state = await root.get_state(state_cls)
    events = await run(state_cls.submit, state, form)
    return root, state, events


async def test_user_login_success(auth_env):
    accounts.create_user("kid@example.com", "secret1", confirmed=True)
    root, state, events = await _submit(UserLoginState, "/login/user", {"email": "Kid@Example.com", "password": "secret1"})
    assert "Login Successful!" in toasts(events)
    assert "Welcome back! Get ready to learn and play!" in toasts(events)
    assert redirect_target(events) == "/"
    auth = await root.get_state(AuthState)
    assert auth.signed_in and auth.user_email == "kid@example.com" and auth.token_type == "bearer"
    assert (await AuthState.user_of(root)).email == "kid@example.com"
    assert not state.busy


async def test_user_login_returns_to_safe_origin(auth_env):
    accounts.create_user("kid@example.com", "secret1", confirmed=True)
    form = {"email": "kid@example.com", "password": "secret1"}
    _, _, events = await _submit(UserLoginState, "/login/user", form, "next=/chat")
    assert redirect_target(events) == "/chat"
    _, _, events = await _submit(UserLoginState, "/login/user", form, "next=//evil.example/x")
    assert redirect_target(events) == "/"


async def test_user_login_failures_stay_put(auth_env):
    accounts.create_user("kid@example.com", "secret1", confirmed=True)
    accounts.sign_up("pending@example.com", "secret1")
    for form, message in [
        ({"email": "kid@example.com", "password": "nope-nope"}, "The email or password is not right. Check both and try again."),
        ({"email": "pending@example.com", "password": "secret1"}, "Email not confirmed"),
        ({"email": "", "password": ""}, "You must provide either an email or phone number and a password"),
        ({"email": "kid-at-example", "password": "secret1"}, "valid email"),
    ]:
        root, state, events = await _submit(UserLoginState, "/login/user", form)
        assert "Sign in Failed" in toasts(events) and message in toasts(events)
        assert message in state.error
        assert redirect_target(events) is None
        assert not (await root.get_state(AuthState)).signed_in


async def test_user_login_page_sends_signed_in_users_home(auth_env):
    accounts.create_user("kid@example.com", "secret1", confirmed=True)
    session = accounts.sign_in("kid@example.com", "secret1")
    root = client_tree("/login/user")
    auth = await root.get_state(AuthState)
    auth.access_token, auth.refresh_token = session.access_token, session.refresh_token
    events = await run(UserLoginState.on_load, await root.get_state(UserLoginState))
    assert redirect_target(events) == "/"


async def test_admin_login(auth_env):
    accounts.create_user("boss@example.com", "bosspass", role="admin", confirmed=True)
    accounts.create_user("kid@example.com", "secret1", confirmed=True)
    root, _, events = await _submit(AdminLoginState, "/login/admin", {"email": "kid@example.com", "password": "secret1"})
    assert "Sign in Failed" in toasts(events) and "not an administrator" in toasts(events)
    assert not (await root.get_state(AuthState)).signed_in
    root, _, events = await _submit(AdminLoginState, "/login/admin", {"email": "boss@example.com", "password": "bosspass"})
    assert redirect_target(events) == "/admin/dashboard"
    assert "Welcome back! Your dashboard is ready." in toasts(events)
    assert "learn and play" not in toasts(events)
    assert (await AuthState.admin_of(root)).email == "boss@example.com"
    _, _, events = await _submit(AdminLoginState, "/login/admin", {"email": "boss@example.com", "password": "bosspass"},
                                 "next=/admin/account")
    assert redirect_target(events) == "/admin/account"
    _, _, events = await _submit(AdminLoginState, "/login/admin", {"email": "boss@example.com", "password": "bosspass"},
                                 "next=https://evil.example/admin/")
    assert redirect_target(events) == "/admin/dashboard"


async def test_admin_login_page_for_signed_in_users(auth_env):
    accounts.create_user("boss@example.com", "bosspass", role="admin", confirmed=True)
    accounts.create_user("kid@example.com", "secret1", confirmed=True)
    for email_, password, expect_redirect in [("boss@example.com", "bosspass", True), ("kid@example.com", "secret1", False)]:
        session = accounts.sign_in(email_, password)
        root = client_tree("/login/admin")
        auth = await root.get_state(AuthState)
        auth.access_token, auth.refresh_token = session.access_token, session.refresh_token
        state = await root.get_state(AdminLoginState)
        events = await run(AdminLoginState.on_load, state)
        if expect_redirect:
            assert redirect_target(events) == "/admin/dashboard" and state.not_admin_notice == ""
        else:
            assert redirect_target(events) is None
            assert "not an administrator account" in state.not_admin_notice


async def test_sign_up_same_answer_for_new_and_existing(auth_env):
    accounts.create_user("taken@example.com", "secret1", confirmed=True)
    for address in ("fresh@example.com", "taken@example.com"):
        _, state, events = await _submit(SignUpState, "/signup/user", {"email": address, "password": "secret12"})
        assert "Sign Up Successful!" in toasts(events)
        assert "Welcome! Please check your email to verify your account." in toasts(events)
        assert redirect_target(events) == "/login/user"
    _, state, events = await _submit(SignUpState, "/signup/user", {"email": "short@example.com", "password": "123"})
    assert "Sign up Failed" in toasts(events) and "at least 6" in toasts(events)
    assert redirect_target(events) is None


async def test_email_link_landing(auth_env):
    accounts.sign_up("new@example.com", "secret1")
    (mail_file,) = list(auth_env.outbox_dir.iterdir())
    text = mail_file.read_text()
    link = next(w for w in text.split() if w.startswith("http://testserver/auth/confirm"))
    token = parse_qs(urlsplit(link).query)["token"][0]
    root = client_tree("/auth/confirm", f"token={token}")
    state = await root.get_state(EmailLinkState)
    events = await run(EmailLinkState.on_load, state)
    assert redirect_target(events) == "/login/user", toasts(events)
    assert accounts.sign_in("new@example.com", "secret1")
    root = client_tree("/auth/confirm", f"token={token}")
    state = await root.get_state(EmailLinkState)
    events = await run(EmailLinkState.on_load, state)  # used already
    assert state.status == "failed" and "invalid or has expired" in state.message
    assert redirect_target(events) is None


async def test_an_admin_signing_in_over_a_family_account_loses_the_not_admin_notice(auth_env):
    """The notice ("You are signed in as kid@..., which is not an administrator account") stood beside the
    success toast of an admin who signed in on that page; a refused try keeps it, as it is still true."""
    accounts.create_user("boss@example.com", "bosspass", role="admin", confirmed=True)
    accounts.create_user("kid@example.com", "secret1", confirmed=True)
    session = accounts.sign_in("kid@example.com", "secret1")
    root = client_tree("/login/admin")
    auth = await root.get_state(AuthState)
    auth.access_token, auth.refresh_token = session.access_token, session.refresh_token
    state = await root.get_state(AdminLoginState)
    await run(AdminLoginState.on_load, state)
    assert "not an administrator account" in state.not_admin_notice
    events = await run(AdminLoginState.submit, state, {"email": "boss@example.com", "password": "wrong"})
    assert "Sign in Failed" in toasts(events) and state.error and not state.busy
    assert "not an administrator account" in state.not_admin_notice
    events = await run(AdminLoginState.submit, state, {"email": "boss@example.com", "password": "bosspass"})
    assert "Welcome back! Your dashboard is ready." in toasts(events)
    assert redirect_target(events) == "/admin/dashboard"
    assert state.not_admin_notice == "" and state.error == "" and not state.busy


async def test_admin_login_without_user_shows_login_issue(auth_env, monkeypatch):
    """SPEC §2: a sign-in that yields no user shows "Login Issue" and signs nobody in."""
    import learnsite.state.login_forms as forms

    monkeypatch.setattr(forms.accounts, "sign_in", lambda *a, **k: None)
    root, _, events = await _submit(AdminLoginState, "/login/admin", {"email": "boss@example.com", "password": "x"})
    assert "Login Issue" in toasts(events)
    assert "Could not retrieve user information after login. Please check your credentials." in toasts(events)
    assert redirect_target(events) is None
    assert not (await root.get_state(AuthState)).signed_in
