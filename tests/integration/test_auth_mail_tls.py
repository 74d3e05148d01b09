"""SMTP with STARTTLS and implicit TLS (LEARNSITE_SMTP_TLS=starttls|ssl) against aiosmtpd on loopback,
with a throwaway certificate the client is told to trust (SSL_CERT_FILE)."""

import dataclasses
import datetime
import ipaddress
import ssl

import pytest
from aiosmtpd.controller import Controller
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

import learnsite.services.accounts
import learnsite.services.mail
from learnsite.services import accounts
from tests.integration.test_auth_mail import Inbox, _authenticator, _free_port, _link
from tests.unit.auth_fixtures import auth_env  # noqa: F401


@pytest.fixture
def certificate(tmp_path):
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (
        x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName("localhost"),
                                                    x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_file, key_file = tmp_path / "cert.pem", tmp_path / "key.pem"
    cert_file.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return cert_file, key_file


@pytest.mark.parametrize("mode", ["starttls", "ssl"])
def test_confirmation_mail_over_tls(mode, auth_env, certificate, monkeypatch):
    cert_file, key_file = certificate
    server_ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    server_ctx.load_cert_chain(cert_file, key_file)
    monkeypatch.setenv("SSL_CERT_FILE", str(cert_file))  # the client trusts our throwaway CA
    inbox = Inbox()
    port = _free_port()
    if mode == "starttls":
        controller = Controller(inbox, hostname="127.0.0.1", port=port, tls_context=server_ctx,
                                require_starttls=True, authenticator=_authenticator, auth_required=True)
    else:
        # ssl_context: TLS from the first byte (SMTPS, port 465 style)
        controller = Controller(inbox, hostname="127.0.0.1", port=port, ssl_context=server_ctx,
                                authenticator=_authenticator, auth_required=True,
                                auth_require_tls=False)  # the whole connection is TLS already
    controller.start()
    try:
        cfg = dataclasses.replace(auth_env, smtp_host="localhost", smtp_port=port, smtp_tls=mode,
                                  smtp_user="mailer", smtp_password="s3cret")
        monkeypatch.setattr(learnsite.services.mail, "default_settings", cfg)
        monkeypatch.setattr(learnsite.services.accounts, "settings", cfg)
        accounts.sign_up("parent@example.com", "secret1")
    finally:
        controller.stop()
    (_, rcpt, msg), = inbox.messages
    assert rcpt == ["parent@example.com"]
    assert _link(msg).startswith("http://testserver/auth/confirm?token=")
