mod home;
